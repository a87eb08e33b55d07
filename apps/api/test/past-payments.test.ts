// issue 20: a cancelled attempt (the soft-maximum Cancel) charged nothing and is not a past payment: the dashboard's
// search (pastPaymentConditions) leaves it out, page counts included, while the manager's record of it stays.
import { randomUUID } from 'node:crypto';
import { pastPaymentConditions } from '@portal/domain/receipt';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const search = async (conditions: unknown[]) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment_transaction/search?page=1&recordsPerPage=5',
    headers: auth(tenant),
    payload: { conditions, joins: ['property', 'company'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { records: { id: string; status: string; amount: number }[]; totalRecords: number };
};

describe('past payments', () => {
  it('leave out a cancelled attempt, which the unfiltered search still holds', async () => {
    const before = await search(pastPaymentConditions());
    const res = await app.inject({
      method: 'POST',
      url: '/api/addPaymentAttempt',
      headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
      payload: {
        billingAccountId: DEMO_IDS.leaseActive,
        billingAccountType: 'TYPE_PROPERTY_LEASE',
        paymentMethodId: DEMO_IDS.cardVisa,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        amount: 6000,
        note: 'Above the soft maximum: cancelled by the tenant',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json().id as string;

    const all = await search([]);
    expect(all.records[0]).toMatchObject({ id: cancelled, status: 'CANCELLED', amount: 6000 });
    const past = await search(pastPaymentConditions());
    expect(past.records.map((r) => r.id)).not.toContain(cancelled);
    expect(past.records.every((r) => r.status !== 'CANCELLED')).toBe(true);
    expect(past.totalRecords).toBe(before.totalRecords);
  });
});
