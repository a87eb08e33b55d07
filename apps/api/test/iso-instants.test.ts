// Every instant the API answers is ISO 8601 in UTC with milliseconds ('2026-03-05T12:00:00.000Z'; issue 20 §3 "answer
// ISO everywhere"), whichever path built it (a search's JSON built by the database, a record read through drizzle, a raw
// statement's text) and whatever the database session's TimeZone: the session here is set to Toronto, where
// PostgreSQL's own text reads '2026-03-05 07:00:00-05' and its JSON '2026-03-05T07:00:00-05:00'.
import { toIsoInstant } from '@portal/domain/dates';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, propertyLeases } from '../src/db/schema.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A text that starts like a date and goes on with a time: an instant, whatever its form. */
const LOOKS_LIKE_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** Every instant-like text of an answer, with where it sits. */
function instantsOf(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return LOOKS_LIKE_INSTANT.test(value) ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => instantsOf(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => instantsOf(v, `${path}.${k}`));
  return [];
}

const SEARCHED = [
  'property_lease',
  'open_charge',
  'payment_transaction',
  'recurring_schedule',
  'document',
  'lease_application',
  'credit_report',
  'insurance_policy',
  'screening',
  'income_verification',
  'customer',
  'address',
  'payment_method',
];

let app: FastifyInstance;
let tenant: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
  // New connections (PostgreSQL's pool) and this one (PGlite's only one) both read and write in Toronto's time.
  await app.ctx.database.raw(
    `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET TimeZone = %L', current_database(), 'America/Toronto'); END $$`,
  );
  await app.ctx.database.raw(`SET TIME ZONE 'America/Toronto'`);
});

afterAll(async () => {
  await app?.close();
});

const get = async (token: string, url: string) => {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: auth(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('instants answer ISO 8601 in UTC (issue 20 §3)', () => {
  it('the session really is in Toronto (PostgreSQL prints instants with -05 / -04)', async () => {
    const { rows } = await app.ctx.database.raw(`SELECT now()::text AS t`);
    expect((rows[0] as { t: string }).t).toMatch(/-0[45]$/);
  });

  it.each(SEARCHED)('POST /%s/search answers ISO instants (tenant and admin)', async (recordType) => {
    for (const token of [tenant, admin]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/${recordType}/search?page=1&recordsPerPage=50`,
        headers: auth(token),
        payload: { conditions: [] },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const [path, text] of instantsOf(res.json())) expect(text, `${recordType} ${path}`).toMatch(ISO_INSTANT);
    }
  });

  it('a payment transaction searched, read by id and in its history carries the stored instant as ISO', async () => {
    const [row] = await app.ctx.db
      .select({ id: paymentTransactions.id, createDate: paymentTransactions.createDate })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.userId, DEMO_IDS.tenant))
      .limit(1);
    // drizzle hands the session's text ('… -05'), the answer is its instant in UTC
    expect(row.createDate).toMatch(/[+-]0\d$/);
    const expected = toIsoInstant(row.createDate);
    expect(expected).toMatch(ISO_INSTANT);
    const search = await app.inject({
      method: 'POST',
      url: '/api/payment_transaction/search?page=1&recordsPerPage=5',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'id', operator: 'EQUALS', value: row.id }] },
    });
    expect(search.json().records[0].createDate).toBe(expected);
    expect((await get(tenant, `/payment_transaction/${row.id}`)).createDate).toBe(expected);
    const history = await get(admin, `/payment_transaction/${row.id}/history`);
    for (const [path, text] of instantsOf(history)) expect(text, path).toMatch(ISO_INSTANT);
  });

  it.each([
    ['the payment methods', `/customer/${DEMO_IDS.tenant}/paymentmethods`, 'tenant'],
    ['the notifications', '/notifications', 'tenant'],
    ['the broadcast messages', '/broadcast/messages', 'tenant'],
    ['the applications', `/lease_application/customer/${DEMO_IDS.tenant}`, 'tenant'],
    ['an application', `/lease_application/${DEMO_IDS.appPending}`, 'tenant'],
    ['the screening details', `/screening/${DEMO_IDS.appPending}/details?type=CREDIT`, 'admin'],
    ['the pending leases', '/admin/pending_leases', 'admin'],
    ['the admin applications', '/admin/lease_applications', 'admin'],
  ] as const)('%s answer ISO instants', async (_name, url, who) => {
    for (const [path, text] of instantsOf(await get(who === 'admin' ? admin : tenant, url)))
      expect(text, `${url} ${path}`).toMatch(ISO_INSTANT);
  });

  it('a self sign-up lease waiting for approval is listed with its ISO creation instant (it answered the text)', async () => {
    await app.ctx.db.insert(propertyLeases).values({
      userId: DEMO_IDS.tenant,
      propertyId: DEMO_IDS.propertyCa,
      companyId: DEMO_IDS.companyCa,
      status: 'PENDING',
      origin: 'SELF_SIGNUP',
      unit: 'iso-test',
    });
    const page = await get(admin, '/admin/pending_leases');
    const lease = (page.records as { unit: string; createDate: string }[]).find((r) => r.unit === 'iso-test');
    expect(lease?.createDate).toMatch(ISO_INSTANT);
  });

  it('a time condition without a zone is UTC, as the answers are', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment_transaction/search?page=1&recordsPerPage=5',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'createDate', operator: 'GREATER_THAN', value: '2999-01-01 00:00:00' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalRecords).toBe(0);
  });
});
