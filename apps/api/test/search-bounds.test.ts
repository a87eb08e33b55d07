// issue 9 "Fair use", searches: bounds refused with a 400 naming the field (docs/api-contract.md "Searches"), IN lists
// as one array parameter per condition (every field type), the statement timeout answered as a 400 asking to narrow the
// search, and per-caller fairness: tenant B's search does not queue behind tenant A's flood.
import {
  SEARCH_MAX_CONDITIONS,
  SEARCH_MAX_IN_VALUES,
  SEARCH_MAX_JOINS,
  SEARCH_MAX_RECORDS_PER_PAGE,
  SEARCH_MAX_TEXT_LENGTH,
  SEARCH_MAX_VALUES,
  SEARCH_STATEMENT_TIMEOUT_MS,
} from '@portal/domain/search-limits';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairGate } from '../src/services/search/fair-gate.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
});
afterAll(() => app.close());

const search = (token: string, recordType: string, body: unknown, query = '', lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/${recordType}/search${query}`,
    headers: { ...auth(token), 'accept-language': lang },
    payload: body as object,
  });

type Res = Awaited<ReturnType<typeof search>>;
function expect400(res: Res, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  expect(body.fieldErrors[0].field).toBe(field);
  return body as { message: string; fieldErrors: { field: string; message: string }[] };
}

const inList = (field: string, n: number, offset = 0) => ({
  field,
  operator: 'IN',
  value: Array.from({ length: n }, (_, j) => `v-${offset + j}`),
});

describe('bounds (refused with a 400 naming the field)', () => {
  it(`at most ${SEARCH_MAX_CONDITIONS} conditions`, async () => {
    const at = Array.from({ length: SEARCH_MAX_CONDITIONS }, (_, i) => inList('id', 1, i));
    expect((await search(tenant, 'property_lease', { conditions: at })).statusCode).toBe(200);
    expect400(await search(tenant, 'property_lease', { conditions: [...at, inList('id', 1)] }), 'conditions');
  });

  it(`at most ${SEARCH_MAX_IN_VALUES} values in one IN list`, async () => {
    expect((await search(tenant, 'property_lease', { conditions: [inList('id', SEARCH_MAX_IN_VALUES)] })).statusCode).toBe(200);
    expect400(
      await search(tenant, 'property_lease', { conditions: [inList('id', SEARCH_MAX_IN_VALUES + 1)] }),
      'conditions.0.value',
    );
  });

  it(`at most ${SEARCH_MAX_VALUES} values in all the conditions, said in English and French`, async () => {
    const per = SEARCH_MAX_VALUES / 5;
    const at = Array.from({ length: 5 }, (_, i) => inList('id', per, i * per));
    expect((await search(tenant, 'property_lease', { conditions: at })).statusCode).toBe(200);
    const over = [...at, { field: 'status', operator: 'EQUALS', value: 'ACTIVE' }];
    const en = expect400(await search(tenant, 'property_lease', { conditions: over }), 'conditions');
    expect(en.message).toBe(`A search may list at most ${SEARCH_MAX_VALUES} values in all its conditions`);
    const fr = expect400(await search(tenant, 'property_lease', { conditions: over }, '', 'fr'), 'conditions');
    expect(fr.message).toBe(`Une recherche peut compter au plus ${SEARCH_MAX_VALUES} valeurs dans l’ensemble de ses conditions`);
    expect(fr.fieldErrors[0].message).toBe(fr.message);
  });

  it(`recordsPerPage 1..${SEARCH_MAX_RECORDS_PER_PAGE}, page from 1, at most ${SEARCH_MAX_JOINS} joins`, async () => {
    expect((await search(tenant, 'property_lease', {}, `?recordsPerPage=${SEARCH_MAX_RECORDS_PER_PAGE}`)).statusCode).toBe(200);
    expect400(await search(tenant, 'property_lease', {}, `?recordsPerPage=${SEARCH_MAX_RECORDS_PER_PAGE + 1}`), 'recordsPerPage');
    expect400(await search(tenant, 'property_lease', {}, '?recordsPerPage=0'), 'recordsPerPage');
    expect400(await search(tenant, 'property_lease', {}, '?page=0'), 'page');
    expect400(
      await search(tenant, 'property_lease', { joins: Array.from({ length: SEARCH_MAX_JOINS + 1 }, () => 'property') }),
      'joins',
    );
  });

  it(`text values of at most ${SEARCH_MAX_TEXT_LENGTH} characters`, async () => {
    const eq = (value: string) => ({ conditions: [{ field: 'unit', operator: 'EQUALS', value }] });
    expect((await search(tenant, 'property_lease', eq('x'.repeat(SEARCH_MAX_TEXT_LENGTH)))).statusCode).toBe(200);
    expect400(await search(tenant, 'property_lease', eq('x'.repeat(SEARCH_MAX_TEXT_LENGTH + 1))), 'conditions.0.value');
  });
});

describe('IN lists (one array parameter per condition) for every field type', () => {
  const ids = async (recordType: string, conditions: unknown[]) => {
    const res = await search(tenant, recordType, { conditions }, '?recordsPerPage=400');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().records as { id: string }[]).map((r) => r.id).sort();
  };

  it('text, date, money, boolean, integer and timestamp lists find what EQUALS finds', async () => {
    const charges = (await search(tenant, 'open_charge', {}, '?recordsPerPage=400')).json().records as {
      id: string;
      dueDate: string;
      balance: number;
    }[];
    expect(charges.length).toBeGreaterThan(0);
    const c = charges[0];
    const byEquals = await ids('open_charge', [{ field: 'dueDate', operator: 'EQUALS', value: c.dueDate }]);
    expect(await ids('open_charge', [{ field: 'dueDate', operator: 'IN', value: [c.dueDate, '1999-01-01'] }])).toEqual(byEquals);
    expect(await ids('open_charge', [{ field: 'balance', operator: 'IN', value: [c.balance, '0.01'] }])).toEqual(
      await ids('open_charge', [{ field: 'balance', operator: 'EQUALS', value: c.balance }]),
    );
    expect(await ids('open_charge', [{ field: 'id', operator: 'IN', value: [c.id, 'nope'] }])).toEqual([c.id]);
    expect(await ids('property_lease', [{ field: 'requireAutoPay', operator: 'IN', value: [true, 'false'] }])).toEqual(
      await ids('property_lease', []),
    );
    expect(await ids('property_lease', [{ field: 'monthlyPaymentDueDay', operator: 'IN', value: [1, '15', 28] }])).toEqual(
      await ids('property_lease', [{ field: 'monthlyPaymentDueDay', operator: 'IN', value: [1, 15, 28] }]),
    );
    const docs = (await search(tenant, 'document', {})).json().records as { id: string; createDate: string }[];
    expect(docs.length).toBeGreaterThan(0);
    const at = docs[0].createDate;
    expect(await ids('document', [{ field: 'createDate', operator: 'IN', value: [at, '2000-01-01'] }])).toEqual(
      await ids('document', [{ field: 'createDate', operator: 'EQUALS', value: at }]),
    );
  });

  it('refuses a null or a mistyped item naming its place', async () => {
    expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'balance', operator: 'IN', value: [1, null] }] }),
      'conditions.0.value.1',
    );
    expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'dueDate', operator: 'IN', value: ['2024-02-30'] }] }),
      'conditions.0.value.0',
    );
  });
});

describe('statement timeout', () => {
  it('a search stopped by the statement timeout answers 400 asking to narrow it (EN and FR)', async () => {
    const database = app.ctx.database;
    const original = database.rawSearch;
    database.rawSearch = async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' });
    };
    try {
      const en = expect400(await search(tenant, 'property_lease', {}), 'conditions');
      expect(en.message).toBe('This search takes too long. Add conditions or ask for fewer records per page.');
      const fr = expect400(await search(tenant, 'property_lease', {}, '', 'fr'), 'conditions');
      expect(fr.message).toBe(
        'Cette recherche prend trop de temps. Ajoutez des conditions ou demandez moins d’enregistrements par page.',
      );
    } finally {
      database.rawSearch = original;
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `on PostgreSQL the search pool stops a statement after ${SEARCH_STATEMENT_TIMEOUT_MS} ms`,
    async () => {
      const started = Date.now();
      const run = app.ctx.database.rawSearch as NonNullable<typeof app.ctx.database.rawSearch>;
      await expect(run('SELECT pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(SEARCH_STATEMENT_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(SEARCH_STATEMENT_TIMEOUT_MS + 3000);
      // The other statements of the app have no such limit.
      await expect(app.ctx.database.raw(`SELECT pg_sleep(${(SEARCH_STATEMENT_TIMEOUT_MS + 200) / 1000})`)).resolves.toBeTruthy();
    },
    15_000,
  );
});

describe('fairness between tenants', () => {
  // Heavy (fair-gate.ts): it takes the whole lane of its tenant, so B waits behind one of A's at most.
  const heavy = {
    conditions: Array.from({ length: SEARCH_MAX_CONDITIONS }, (_, i) =>
      inList('id', Math.floor(SEARCH_MAX_VALUES / SEARCH_MAX_CONDITIONS), i * 1000),
    ),
    joins: ['property', 'company', 'parentCompany'],
  };
  const light = { conditions: [{ field: 'billingAccountId', operator: 'EQUALS', value: DEMO_IDS.leaseUs }] };

  it("tenant B's light search does not wait behind tenant A's flood of 60 heavy ones", async () => {
    // Warm: on PostgreSQL a search pool connection opened mid-test would cost B more than any queue.
    await Promise.all([
      search(tenantUs, 'open_charge', light),
      search(tenantUs, 'open_charge', light),
      search(tenant, 'property_lease', heavy),
    ]);
    let doneA = 0;
    const flood = Array.from({ length: 60 }, () =>
      search(tenant, 'property_lease', heavy, `?recordsPerPage=${SEARCH_MAX_RECORDS_PER_PAGE}`).then((res) => {
        doneA++;
        return res.statusCode;
      }),
    );
    // Once A's first searches are answered, the rest of the flood is queued: then B searches.
    while (doneA < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    const doneWhenBStarts = doneA;
    const b = await search(tenantUs, 'open_charge', light);
    const doneWhenBEnds = doneA;
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().records.length).toBeGreaterThan(0);
    expect(await Promise.all(flood)).toEqual(Array(60).fill(200));
    // B waited for a few of A's searches (those already running), not for the queue of them: without per-tenant lanes
    // B's statement queued behind every one of A's still waiting.
    expect(doneWhenBStarts).toBeLessThan(30);
    expect(doneWhenBEnds - doneWhenBStarts).toBeLessThanOrEqual(8);
  });
});

describe('FairGate', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('runs at most perCaller of a caller at once, the rest in arrival order, others at once', async () => {
    const gate = new FairGate({ perCaller: 2, maxWaiting: 10 });
    const order: string[] = [];
    const blockers = Array.from({ length: 4 }, deferred);
    const runs = blockers.map((b, i) =>
      gate.run('A', async () => {
        order.push(`A${i}`);
        await b.promise;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual(['A0', 'A1']);
    expect(gate.load('A')).toEqual({ active: 2, waiting: 2 });
    await gate.run('B', async () => order.push('B'));
    expect(order).toEqual(['A0', 'A1', 'B']);
    blockers[1].resolve();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual(['A0', 'A1', 'B', 'A2']);
    for (const b of blockers) b.resolve();
    await Promise.all(runs);
    expect(order).toEqual(['A0', 'A1', 'B', 'A2', 'A3']);
    expect(gate.load('A')).toEqual({ active: 0, waiting: 0 });
  });

  it('a heavy search takes the whole lane: it waits for the light ones, and the next wait for it', async () => {
    const gate = new FairGate({ perCaller: 2, maxWaiting: 10 });
    const order: string[] = [];
    const blockers = Array.from({ length: 4 }, deferred);
    const step = async (name: string, i: number) => {
      order.push(name);
      await blockers[i].promise;
    };
    const runs = [
      gate.run('A', () => step('light0', 0)),
      gate.run('A', () => step('heavy1', 1), 2),
      gate.run('A', () => step('light2', 2)),
    ];
    await Promise.resolve();
    expect(order).toEqual(['light0']);
    expect(gate.load('A')).toEqual({ active: 1, waiting: 2 });
    blockers[0].resolve();
    await runs[0];
    await Promise.resolve();
    expect(order).toEqual(['light0', 'heavy1']);
    expect(gate.load('A')).toEqual({ active: 2, waiting: 1 });
    blockers[1].resolve();
    blockers[2].resolve();
    await Promise.all(runs);
    expect(order).toEqual(['light0', 'heavy1', 'light2']);
    expect(gate.load('A')).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot when the work throws, and refuses beyond maxWaiting with 429 and Retry-After', async () => {
    const gate = new FairGate({ perCaller: 1, maxWaiting: 1 });
    await expect(gate.run('A', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load('A')).toEqual({ active: 0, waiting: 0 });
    const block = deferred();
    const first = gate.run('A', () => block.promise);
    const second = gate.run('A', async () => 'second');
    await expect(gate.run('A', async () => 'third')).rejects.toMatchObject({
      statusCode: 429,
      errorCode: 'RM_ERROR_TOO_MANY_REQUESTS',
      headers: { 'retry-after': '1' },
    });
    block.resolve();
    await first;
    expect(await second).toBe('second');
  });
});
