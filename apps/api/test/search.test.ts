// POST /{recordType}/search (docs/api-contract.md "Searches"): shapes, joins, paging, bad input, isolation.

import {
  documentRecordSchema,
  leaseApplicationRecordSchema,
  openChargeSchema,
  paymentTransactionRecordSchema,
  propertyLeaseRecordSchema,
  recurringScheduleRecordSchema,
} from '@portal/domain/api-shapes';
import { eq as equals } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { incomeVerifications, openCharges, propertyLeases, recurringSchedules } from '../src/db/schema.ts';
import { dashboardQueries, dashboardSearches } from '../src/services/search/dashboard-queries.ts';
import { auth, DEMO_IDS, login, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
  // A paid charge (balance 0) must not be listed among the open charges of a lease.
  await app.ctx.db.insert(openCharges).values({
    billingAccountId: DEMO_IDS.leaseActive,
    code: 'storage',
    name: 'Storage',
    dueDate: '2020-01-01',
    amount: 5_000,
    balance: 0,
  });
  // The active schedule wins over a newer inactive one; without an active one, the latest is shown.
  await app.ctx.db.insert(recurringSchedules).values([
    {
      userId: DEMO_IDS.tenant,
      billingAccountId: DEMO_IDS.leaseActive,
      startDate: '2030-01-01',
      active: false,
      createdAt: '2099-01-01T00:00:00Z',
    },
    {
      userId: DEMO_IDS.tenant,
      billingAccountId: DEMO_IDS.leaseTerminated,
      startDate: '2020-01-01',
      active: false,
      createdAt: '2021-01-01T00:00:00Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000699',
      userId: DEMO_IDS.tenant,
      billingAccountId: DEMO_IDS.leaseTerminated,
      startDate: '2021-01-01',
      active: false,
      customAmount: 12_345,
      createdAt: '2022-01-01T00:00:00Z',
    },
  ]);
});
afterAll(() => app.close());

type Body = { conditions?: unknown[]; joins?: string[] } | undefined;
async function search(token: string, recordType: string, body: Body, query = '') {
  return app.inject({ method: 'POST', url: `/api/${recordType}/search${query}`, headers: auth(token), payload: body });
}
async function records(token: string, recordType: string, body: Body, query = '') {
  const res = await search(token, recordType, body, query);
  expect(res.statusCode, res.body).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: records of every type are read loosely by the assertions
  return res.json() as { records: Record<string, any>[]; totalPages: number; totalRecords: number; page: number };
}
const eq = (field: string, value: unknown) => ({ field, operator: 'EQUALS', value });

describe('property_lease', () => {
  it('answers the tenant leases with open charges, balance, schedule and the four joins', async () => {
    const page = await records(tenant, 'property_lease', {
      conditions: [],
      joins: ['property', 'company', 'parentCompany', 'customer'],
    });
    expect(page.totalRecords).toBe(3);
    expect(page.records.map((l) => l.id)).toEqual([DEMO_IDS.leaseActive, DEMO_IDS.leasePending, DEMO_IDS.leaseTerminated]);
    const active = page.records[0];
    expect(active).toMatchObject({
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      status: 'ACTIVE',
      unit: '804',
      userId: DEMO_IDS.tenant,
      charges: [
        { code: 'Rent', name: 'Rent', amount: 1850 },
        { code: 'parking', name: 'Parking', amount: 75 },
      ],
      balance: 3775,
      recurringSchedule: {
        id: DEMO_IDS.schedule,
        active: true,
        customAmount: 0,
        padSchedule: true,
        paymentMethodId: DEMO_IDS.bankCa,
      },
      recurringScheduleStatus: 'ACTIVE',
      recurringScheduleUpcomingPayment: { status: 'PENDING', amount: 0, charges: [{ amount: 1850 }, { amount: 75 }] },
    });
    // Only balances above 0, by due date; the paid storage charge is absent.
    expect(active.openCharges.map((c: { name: string }) => c.name)).toEqual(['Rent', 'Parking', 'Rent']);
    const dueDates = active.openCharges.map((c: { dueDate: string }) => c.dueDate);
    expect([...dueDates].sort()).toEqual(dueDates);
    expect(active.openCharges[0]).toEqual({
      id: DEMO_IDS.chargeOverdue,
      name: 'Rent',
      code: 'Rent',
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      balance: 1850,
      amount: 1850,
      postMonth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(active.recurringScheduleUpcomingPaymentDate).toBe(active.recurringScheduleUpcomingPayment.scheduledDate);
    expect(active.joins.property).toMatchObject({
      id: DEMO_IDS.propertyCa,
      propertyName: 'Harbourview Residences',
      province: 'BC',
    });
    expect(active.joins.company).toMatchObject({ id: DEMO_IDS.companyCa, manageBalance: 'YES', softMaximumPaymentAmount: 5000 });
    expect(active.joins.parentCompany).toBeNull();
    expect(active.joins.customer).toEqual({ id: DEMO_IDS.tenant, phone: '+16045550142', email: 'tenant@demo.test' });

    const [, pending, terminated] = page.records;
    expect(pending).toMatchObject({
      status: 'PENDING',
      openCharges: [],
      balance: 0,
      recurringSchedule: null,
      recurringScheduleStatus: null,
    });
    expect(pending.recurringScheduleUpcomingPayment).toBeNull();
    expect(terminated).toMatchObject({
      recurringSchedule: { id: '00000000-0000-4000-8000-000000000699', active: false, customAmount: 123.45 },
      recurringScheduleStatus: 'INACTIVE',
      recurringScheduleUpcomingPayment: null,
    });
  });

  it('has no joins unless asked', async () => {
    const page = await records(tenant, 'property_lease', undefined);
    expect(page.records[0].joins).toEqual({});
    const one = await records(tenant, 'property_lease', { joins: ['company'] });
    expect(Object.keys(one.records[0].joins)).toEqual(['company']);
  });

  it('pages and filters', async () => {
    const p1 = await records(tenant, 'property_lease', {}, '?page=1&recordsPerPage=2');
    const p2 = await records(tenant, 'property_lease', {}, '?page=2&recordsPerPage=2');
    expect([p1.records.length, p1.totalPages, p1.totalRecords, p1.page]).toEqual([2, 2, 3, 1]);
    expect([p2.records.length, p2.totalPages, p2.page]).toEqual([1, 2, 2]);
    const statuses = async (conditions: unknown[]) =>
      (await records(tenant, 'property_lease', { conditions })).records.map((l) => l.status).sort();
    expect(await statuses([eq('status', 'ACTIVE')])).toEqual(['ACTIVE']);
    expect(await statuses([{ field: 'status', operator: 'IN', value: ['PENDING', 'TERMINATED'] }])).toEqual([
      'PENDING',
      'TERMINATED',
    ]);
    expect(await statuses([{ field: 'status', operator: 'NOT_EQUALS', value: 'ACTIVE' }])).toEqual(['PENDING', 'TERMINATED']);
    expect(await statuses([{ field: 'unit', operator: 'LIKE', value: '50' }])).toEqual(['TERMINATED']);
    expect(await statuses([{ field: 'endDate', operator: 'EQUALS', value: null }])).toEqual(['PENDING']);
    expect(
      await statuses([{ field: 'requireAutoPay', operator: 'EQUALS', value: false }, eq('monthlyPaymentDueDay', 1)]),
    ).toHaveLength(3);
  });

  it('is case-insensitive in the record type', async () => {
    expect((await records(tenant, 'PROPERTY_LEASE', {})).totalRecords).toBe(3);
  });
});

describe('open_charge', () => {
  it('lists the charges of a lease by due date, amounts as decimals', async () => {
    const page = await records(tenant, 'open_charge', { conditions: [eq('billingAccountId', DEMO_IDS.leaseActive)] });
    expect(page.totalRecords).toBe(4);
    expect(page.records[0]).toEqual({
      id: expect.any(String),
      billingAccountId: DEMO_IDS.leaseActive,
      name: 'Storage',
      code: 'storage',
      dueDate: '2020-01-01',
      balance: 0,
      amount: 50,
      postMonth: null,
    });
    const open = await records(tenant, 'open_charge', {
      conditions: [eq('billingAccountId', DEMO_IDS.leaseActive), { field: 'balance', operator: 'GREATER_THAN', value: 75 }],
    });
    expect(open.records.map((c) => c.balance)).toEqual([1850, 1850]);
    const cheap = await records(tenant, 'open_charge', {
      conditions: [{ field: 'amount', operator: 'LESS_THAN', value: '75.01' }],
    });
    expect(cheap.records.map((c) => c.amount).sort()).toEqual([50, 75]);
  });

  it('scopes by lease ownership', async () => {
    const mine = await records(tenantUs, 'open_charge', {});
    expect(mine.records.map((c) => c.id)).toEqual([DEMO_IDS.chargeUs]);
    const theirs = await records(tenantUs, 'open_charge', { conditions: [eq('billingAccountId', DEMO_IDS.leaseActive)] });
    expect(theirs.totalRecords).toBe(0);
  });
});

describe('payment_transaction', () => {
  // 14 payments, and (issue 22) the two credit-reporting yearly fees of the demo subscriptions
  it('pages through the 16 transactions five at a time, newest first, with joins', async () => {
    const pages = [];
    for (const n of [1, 2, 3, 4])
      pages.push(await records(tenant, 'payment_transaction', { joins: ['property', 'company'] }, `?recordsPerPage=5&page=${n}`));
    expect(pages.map((p) => p.records.length)).toEqual([5, 5, 5, 1]);
    expect(pages.map((p) => [p.totalPages, p.totalRecords])).toEqual([
      [4, 16],
      [4, 16],
      [4, 16],
      [4, 16],
    ]);
    const all = pages.flatMap((p) => p.records);
    expect(new Set(all.map((t) => t.id)).size).toBe(16);
    const dates = all.map((t) => Date.parse(t.createDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(all.every((t) => t.userId === DEMO_IDS.tenant)).toBe(true);
    expect(all[0]).toMatchObject({
      amount: 500,
      currency: 'CAD',
      status: 'COMPLETE',
      feeAmount: 14.5,
      feeType: 'ADD',
      confirmationId: 'RL-7Q2M9X',
      charges: [{ code: 'Rent', name: 'Rent', amount: 500 }],
      joins: { property: { id: DEMO_IDS.propertyCa }, company: { id: DEMO_IDS.companyCa, softMaximumPaymentAmount: 5000 } },
    });
    const last = all[15];
    expect(last.joins.property.id).toBe(DEMO_IDS.propertyCaOld);

    const beyond = await records(tenant, 'payment_transaction', {}, '?recordsPerPage=5&page=5');
    expect(beyond).toEqual({ records: [], totalPages: 4, totalRecords: 16, page: 5 });
  });

  it('filters by status, type, amount, date and null', async () => {
    const count = async (conditions: unknown[]) => (await records(tenant, 'payment_transaction', { conditions })).totalRecords;
    expect(await count([eq('status', 'FAILED')])).toBe(2);
    expect(await count([eq('transactionType', 'REFUND')])).toBe(1);
    expect(await count([eq('amount', 1925)])).toBe(10);
    expect(await count([{ field: 'amount', operator: 'GREATER_THAN', value: '1924.99' }])).toBe(10);
    expect(await count([eq('source', 'PAD')])).toBe(4);
    // + the two credit-reporting fees (issue 22): one 2 months old, one 28 months old
    expect(await count([{ field: 'source', operator: 'NOT_EQUALS', value: 'PAD' }])).toBe(12);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    expect(await count([{ field: 'createDate', operator: 'LESS_THAN', value: yearAgo }])).toBe(2);
    expect(await count([{ field: 'createDate', operator: 'GREATER_THAN', value: yearAgo.slice(0, 10) }])).toBe(14);
  });
});

describe('recurring_schedule', () => {
  it('answers the schedule with its upcoming payment and property', async () => {
    const page = await records(tenant, 'recurring_schedule', { conditions: [eq('id', DEMO_IDS.schedule)], joins: ['property'] });
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      id: DEMO_IDS.schedule,
      recurrenceType: 'MONTHLY',
      billingAccountId: DEMO_IDS.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      customAmount: 0,
      active: true,
      charges: [{ amount: 1850 }, { amount: 75 }],
      upcomingPayment: { status: 'PENDING', amount: 0 },
      joins: { property: { id: DEMO_IDS.propertyCa } },
    });
    const active = await records(tenant, 'recurring_schedule', { conditions: [eq('active', true)] });
    expect(active.totalRecords).toBe(1);
    expect((await records(tenant, 'recurring_schedule', {})).totalRecords).toBe(4);
    expect((await records(tenantUs, 'recurring_schedule', {})).totalRecords).toBe(0);
  });
});

describe('document', () => {
  it('lists the tenant documents, manager ones included, at /document and /DOCUMENT', async () => {
    for (const type of ['document', 'DOCUMENT']) {
      // the lease's documents (the demo's insurance proof, seed-insurance.ts, is on a policy)
      const page = await records(tenant, type, {
        conditions: [{ field: 'recordType', operator: 'EQUALS', value: 'PROPERTY_LEASE' }],
      });
      expect(page.records.map((d) => d.id).sort()).toEqual([DEMO_IDS.docTenant, DEMO_IDS.docManager]);
      const doc = page.records.find((d) => d.id === DEMO_IDS.docManager);
      expect(doc).toEqual({
        id: DEMO_IDS.docManager,
        url: `/api/document/${DEMO_IDS.docManager}/download/${DEMO_IDS.tenant}/Signed%20lease%20agreement.png`,
        ownerType: 'TYPE_MANAGER',
        name: 'Signed lease agreement.png',
        size: expect.any(Number),
        recordType: 'PROPERTY_LEASE',
        recordId: DEMO_IDS.leaseActive,
        createDate: expect.any(String),
      });
    }
  });

  it('treats % and _ inside a LIKE value literally; leading/trailing % anchor', async () => {
    const names = async (value: string) =>
      (
        await records(tenant, 'document', {
          conditions: [
            { field: 'name', operator: 'LIKE', value },
            { field: 'recordType', operator: 'EQUALS', value: 'PROPERTY_LEASE' },
          ],
        })
      ).records
        .map((d) => d.name)
        .sort();
    expect(await names('lease')).toEqual(['Signed lease agreement.png']);
    expect(await names('LEASE')).toEqual(['Signed lease agreement.png']);
    expect(await names('_')).toEqual([]); // not "any one character"
    expect(await names('move%')).toEqual(['move-in-costs.csv']);
    expect(await names('%.png')).toEqual(['Signed lease agreement.png']);
    expect(await names('%.csv%')).toEqual(['move-in-costs.csv']);
    expect(await names('move%costs')).toEqual([]); // an inner % is literal
    expect(await names('%')).toHaveLength(2);
  });
});

describe('lease_application', () => {
  it('answers the applications with property and page template', async () => {
    const page = await records(tenant, 'lease_application', { joins: ['property', 'lap'] });
    // The demo's applications in each status (db/seed-applications.ts)
    expect(page.totalRecords).toBe(5);
    const pending = page.records.find((a) => a.id === DEMO_IDS.appPending);
    expect(pending).toMatchObject({
      type: 'TYPE_LEASE_APPLICATION',
      status: 'PENDING',
      pageName: 'harbourview',
      employment: { employerName: 'Coastal Health' },
      joins: {
        property: { id: DEMO_IDS.propertyCaOld },
        lap: {
          creditReportEnabled: true,
          incomeVerificationEnabled: true,
          applicationFeeAmount: 35,
          sections: { '5': { employerName: true } },
        },
      },
    });
    expect((await records(tenant, 'lease_application', { conditions: [eq('status', 'IN_PROGRESS')] })).records[0].id).toBe(
      DEMO_IDS.appInProgress,
    );
  });
});

describe('the other record types', () => {
  it.each(['credit_report', 'INSURANCE_POLICY', 'screening', 'INCOME_VERIFICATION', 'address', 'payment_method'])(
    '%s answers a page',
    async (type) => {
      const page = await records(tenant, type, {});
      expect(page.page).toBe(1);
      expect(page.totalRecords).toBe(page.records.length);
    },
  );

  it('never shows processor tokens of payment methods', async () => {
    const page = await records(tenant, 'payment_method', {});
    expect(page.records.map((m) => m.id).sort()).toEqual([DEMO_IDS.cardVisa, DEMO_IDS.bankCa].sort());
    expect(JSON.stringify(page)).not.toContain('tok_sandbox');
  });
});

describe('bad input', () => {
  const expect400 = async (res: Awaited<ReturnType<typeof search>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    expect(body.fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    return body;
  };

  it('refuses an unknown field, naming it', async () => {
    const body = await expect400(
      await search(tenant, 'property_lease', { conditions: [eq('password', 'x')] }),
      'conditions.0.field',
    );
    expect(body.fieldErrors[0].fieldValue).toBe('password');
    expect(body.message).toContain('password');
    // A column name that exists in SQL but is not allow-listed, and an injection attempt in the field name.
    await expect400(
      await search(tenant, 'property_lease', { conditions: [eq('user_id', DEMO_IDS.tenantUs)] }),
      'conditions.0.field',
    );
    await expect400(await search(tenant, 'payment_transaction', { conditions: [eq('1=1) OR (1', 1)] }), 'conditions.0.field');
    await expect400(await search(tenant, 'property_lease', { conditions: [eq('constructor', 'x')] }), 'conditions.0.field');
  });

  it('refuses an unknown or misapplied operator', async () => {
    await expect400(
      await search(tenant, 'property_lease', { conditions: [{ field: 'status', operator: 'BETWEEN', value: 'A' }] }),
      'conditions.0.operator',
    );
    await expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'dueDate', operator: 'LIKE', value: '2020' }] }),
      'conditions.0.operator',
    );
    await expect400(
      await search(tenant, 'property_lease', { conditions: [{ field: 'status', operator: 'GREATER_THAN', value: 'A' }] }),
      'conditions.0.operator',
    );
  });

  it('refuses wrongly typed values', async () => {
    const cases: [string, unknown, string][] = [
      ['dueDate', 'tomorrow', 'conditions.0.value'],
      ['dueDate', '2025-02-30', 'conditions.0.value'],
      ['balance', 1.234, 'conditions.0.value'],
      ['balance', 'abc', 'conditions.0.value'],
      ['billingAccountId', 42, 'conditions.0.value'],
      ['billingAccountId', { $ne: null }, 'conditions.0.value'],
    ];
    for (const [field, value, at] of cases) {
      await expect400(await search(tenant, 'open_charge', { conditions: [eq(field, value)] }), at);
    }
    await expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'billingAccountId', operator: 'IN', value: [] }] }),
      'conditions.0.value',
    );
    await expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'balance', operator: 'IN', value: [1, 'x'] }] }),
      'conditions.0.value.1',
    );
    await expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'balance', operator: 'GREATER_THAN', value: null }] }),
      'conditions.0.value',
    );
    await expect400(
      await search(tenant, 'open_charge', { conditions: [{ field: 'balance', operator: 'EQUALS' }] }),
      'conditions.0.value',
    );
    await expect400(await search(tenant, 'property_lease', { conditions: [eq('requireAutoPay', 'yes')] }), 'conditions.0.value');
    await expect400(
      await search(tenant, 'property_lease', { conditions: [eq('monthlyPaymentDueDay', 1.5)] }),
      'conditions.0.value',
    );
    await expect400(
      await search(tenant, 'payment_transaction', { conditions: [eq('createDate', 'last week')] }),
      'conditions.0.value',
    );
  });

  it('refuses an unknown join', async () => {
    const body = await expect400(await search(tenant, 'property_lease', { joins: ['property', 'bank'] }), 'joins.1');
    expect(body.fieldErrors[0].fieldValue).toBe('bank');
    await expect400(await search(tenant, 'open_charge', { joins: ['property'] }), 'joins.0');
  });

  it('refuses bad paging', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?recordsPerPage=0', 'recordsPerPage'],
      ['?recordsPerPage=401', 'recordsPerPage'],
    ]) {
      await expect400(await search(tenant, 'payment_transaction', {}, query), field);
    }
    expect((await records(tenant, 'payment_transaction', {}, '?recordsPerPage=400')).records).toHaveLength(16);
  });

  it('refuses a malformed body', async () => {
    await expect400(await search(tenant, 'document', { conditions: 'all' } as never), 'conditions');
    const res = await app.inject({
      method: 'POST',
      url: '/api/document/search',
      headers: { ...auth(tenant), 'content-type': 'application/json' },
      payload: '{"conditions": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  });

  it('binds values: an injection attempt is just a value that matches nothing', async () => {
    const page = await records(tenant, 'property_lease', { conditions: [eq('status', "ACTIVE' OR '1'='1")] });
    expect(page.totalRecords).toBe(0);
    const like = await records(tenant, 'property_lease', {
      conditions: [{ field: 'unit', operator: 'LIKE', value: "%' OR '1'='1" }],
    });
    expect(like.totalRecords).toBe(0);
  });

  it('answers 404 for an unknown record type and 401 without a token', async () => {
    const res = await search(tenant, 'bank_secrets', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    const anonymous = await app.inject({ method: 'POST', url: '/api/property_lease/search', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('isolation', () => {
  it('the US tenant never sees the Canadian tenant records, even asking for their ids', async () => {
    const count = async (type: string, conditions: unknown[]) => (await records(tenantUs, type, { conditions })).totalRecords;
    expect(await count('property_lease', [eq('userId', DEMO_IDS.tenant)])).toBe(0);
    expect(await count('property_lease', [eq('id', DEMO_IDS.leaseActive)])).toBe(0);
    expect(await count('property_lease', [])).toBe(1);
    expect(await count('payment_transaction', [eq('userId', DEMO_IDS.tenant)])).toBe(0);
    expect(await count('payment_transaction', [eq('billingAccountId', DEMO_IDS.leaseActive)])).toBe(0);
    expect(await count('payment_transaction', [])).toBe(1);
    expect(await count('recurring_schedule', [eq('id', DEMO_IDS.schedule)])).toBe(0);
    expect(await count('document', [eq('id', DEMO_IDS.docTenant)])).toBe(0);
    expect(await count('document', [eq('customerId', DEMO_IDS.tenant)])).toBe(0);
    expect(await count('lease_application', [eq('id', DEMO_IDS.appPending)])).toBe(0);
    expect(await count('payment_method', [eq('id', DEMO_IDS.cardVisa)])).toBe(0);
    const docs = await records(tenantUs, 'document', {});
    expect(docs.records.map((d) => d.id)).toEqual([DEMO_IDS.docUs]);
  });

  it('an admin may search everything', async () => {
    expect((await records(admin, 'property_lease', {})).totalRecords).toBe(4);
    expect((await records(admin, 'payment_transaction', {}, '?recordsPerPage=1')).totalRecords).toBe(17);
  });

  it("a manager searches their company's records only (issue 23), and not tenants' payment methods", async () => {
    const manager = await login(app, 'manager@demo.test');
    const leases = await records(manager, 'property_lease', {});
    expect(leases.totalRecords).toBeGreaterThan(0);
    expect(leases.records.every((l) => l.companyId === DEMO_IDS.companyCa)).toBe(true);
    const other = await login(app, 'manager2@demo.test');
    const theirs = await records(other, 'property_lease', {});
    expect(theirs.records.every((l) => l.companyId === DEMO_IDS.companyCa2)).toBe(true);
    expect(theirs.records.some((l) => leases.records.some((m) => m.id === l.id))).toBe(false);
    const res = await search(manager, 'payment_method', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('RM_ERROR_FORBIDDEN');
  });
});

describe('records match the contract the web app is typed with (packages/domain api-shapes)', () => {
  // Parsing strips keys a schema does not know, so equality after parsing also proves there are none extra.
  const contract: [string, z.ZodType, string[]][] = [
    ['property_lease', propertyLeaseRecordSchema, ['property', 'company', 'parentCompany', 'customer']],
    ['open_charge', openChargeSchema, []],
    ['payment_transaction', paymentTransactionRecordSchema, ['property', 'company']],
    ['recurring_schedule', recurringScheduleRecordSchema, ['property']],
    ['document', documentRecordSchema, []],
    ['lease_application', leaseApplicationRecordSchema, ['property', 'lap']],
  ];
  it.each(contract)('%s, with its joins and without', async (recordType, schema, joins) => {
    for (const asked of [joins, []]) {
      const page = await records(tenant, recordType, { joins: asked }, '?recordsPerPage=100');
      expect(page.records.length).toBeGreaterThan(0);
      for (const record of page.records) expect(schema.parse(record)).toEqual(record);
    }
  });
});

describe('money leaves the database as decimals', () => {
  it('converts every cents field, lines inside JSON arrays and NULLs included', async () => {
    // A lease with services (feeAmount in cents) and charge lines, one of them without an amount.
    await app.ctx.db
      .update(propertyLeases)
      .set({
        services: [{ service: 'CREDIT_REPORTING', feeAmount: 1_499, termInMonths: 12 }],
        charges: [
          { code: 'Rent', name: 'Rent', amount: 185_001 },
          { code: 'note', name: 'Memo line' } as unknown as { code: string; name: string; amount: number },
          { code: 'credit', name: 'Credit', amount: -7 },
        ],
      })
      .where(equals(propertyLeases.id, DEMO_IDS.leasePending));
    const [lease] = (
      await records(tenant, 'property_lease', { conditions: [{ field: 'id', operator: 'EQUALS', value: DEMO_IDS.leasePending }] })
    ).records;
    expect(lease.services).toEqual([{ service: 'CREDIT_REPORTING', feeAmount: 14.99, termInMonths: 12 }]);
    expect(lease.charges).toEqual([
      { code: 'Rent', name: 'Rent', amount: 1850.01 },
      { code: 'note', name: 'Memo line' },
      { code: 'credit', name: 'Credit', amount: -0.07 },
    ]);
    // Income verification: amounts as decimals, unknown ones stay null.
    // (on the in-progress application: the submitted demo one has its own report already)
    await app.ctx.db.insert(incomeVerifications).values({
      applicationId: DEMO_IDS.appInProgress,
      status: 'COMPLETE',
      currentBalance: 123_456,
      monthlyPayrollIncome: null,
      monthlyIncome: 500_000,
      monthlyIncomeTransfers: 1,
    });
    const [income] = (
      await records(tenant, 'income_verification', {
        conditions: [{ field: 'applicationId', operator: 'EQUALS', value: DEMO_IDS.appInProgress }],
      })
    ).records;
    expect(income).toMatchObject({
      currentBalance: 1234.56,
      monthlyPayrollIncome: null,
      monthlyIncome: 5000,
      monthlyIncomeTransfers: 0.01,
    });
  });
});

describe('dashboardQueries (benchmark baseline)', () => {
  it('is the exact SQL of the dashboard calls: the raw driver answers what the API answers', async () => {
    const queries = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);
    expect(queries).toHaveLength(3);
    const searches = dashboardSearches(DEMO_IDS.leaseActive);
    for (const [i, q] of queries.entries()) {
      expect(q.text).toMatch(/\$1/);
      expect(q.params).toContain(DEMO_IDS.tenant);
      const raw = await app.ctx.database.raw(q.text, q.params);
      const s = searches[i];
      const api = await records(tenant, s.recordType, s.body, `?page=${s.query.page}&recordsPerPage=${s.query.recordsPerPage}`);
      // Each row is the record's JSON text, exactly what the API's answer carries.
      expect(raw.rows.map((row) => JSON.parse(row.r as string))).toEqual(api.records);
      expect(raw.rows[0]?.total).toBe(api.totalRecords);
    }
    expect(queries[2].params).toContain(5);
  });
});
