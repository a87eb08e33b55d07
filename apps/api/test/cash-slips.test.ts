// Loadhub cash slips (issue 8; spec 1 §4 "Loadhub cash", §5 10..1993, Canada only) and last month's amount paid.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const I = DEMO_IDS;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown, lang = 'en') =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...auth(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

describe('cash slips', () => {
  it('makes a template, creates, edits, lists, is paid at the store once, and posts to the ledger', async () => {
    const template = await call('GET', `/cash/new?leaseId=${I.leaseActive}`, tenant);
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json()).toEqual({ type: 'TYPE_LOADHUB_CASH', billingAccountId: I.leaseActive, amount: 1993 });

    const created = await call('POST', '/cash', tenant, { billingAccountId: I.leaseActive, amount: 500 });
    expect(created.statusCode, created.body).toBe(200);
    const slip = created.json();
    expect(slip).toMatchObject({ type: 'TYPE_LOADHUB_CASH', amount: 500, status: 'ACTIVE' });
    expect(slip.token).toMatch(/^\d{16}$/);
    // Creating again updates the lease's active slip.
    const again = await call('POST', '/cash', tenant, { billingAccountId: I.leaseActive, amount: 600 });
    expect(again.json()).toMatchObject({ id: slip.id, amount: 600 });
    const edited = await call('PATCH', `/cash/${slip.id}/update`, tenant, { amount: 750.25 });
    expect(edited.json()).toMatchObject({ id: slip.id, amount: 750.25 });
    expect((await call('GET', '/cash', tenant)).json().records.map((r: { id: string }) => r.id)).toEqual([slip.id]);
    expect((await call('GET', `/cash/${slip.id}`, tenantUs)).statusCode).toBe(404);

    const paid = await app.inject({ method: 'POST', url: '/api/sandbox/loadhub/pay', payload: { token: slip.token } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'COMPLETE',
      amount: 750.25,
      paymentMethodType: 'TYPE_LOADHUB_CASH',
      feeAmount: 0,
    });
    const twice = await app.inject({ method: 'POST', url: '/api/sandbox/loadhub/pay', payload: { token: slip.token } });
    expect(twice.statusCode).toBe(404);
    const leases = await call('POST', '/property_lease/search', tenant, {
      conditions: [{ field: 'id', operator: 'EQUALS', value: I.leaseActive }],
    });
    expect(leases.json().records[0].balance).toBe(3775 - 750.25);
    expect((await call('PATCH', `/cash/${slip.id}/update`, tenant, { amount: 20 })).statusCode).toBe(400);
  });

  it('keeps amounts within 10..1993 with the spec message, in French too', async () => {
    const over = await call('POST', '/cash', tenant, { billingAccountId: I.leaseActive, amount: 1993.01 }, 'fr');
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors[0]).toMatchObject({ field: 'amount', errorCode: 'RM_ERROR_INVALID_AMOUNT' });
    expect(over.json().message).toMatch(/1993/);
    const under = await call('POST', '/cash', tenant, { billingAccountId: I.leaseActive, amount: 9.99 });
    expect(under.statusCode).toBe(400);
  });

  it('is for Canada only and for payable leases; deleting removes a slip', async () => {
    const us = await call('POST', '/cash', tenantUs, { billingAccountId: I.leaseUs, amount: 100 });
    expect(us.statusCode).toBe(400);
    expect(us.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const terminated = await call('POST', '/cash', tenant, { billingAccountId: I.leaseTerminated, amount: 100 });
    expect(terminated.statusCode).toBe(422);
    const slip = (await call('POST', '/cash', tenant, { billingAccountId: I.leaseActive, amount: 100 })).json();
    expect((await call('DELETE', `/cash/${slip.id}/delete`, tenantUs)).statusCode).toBe(404);
    expect((await call('DELETE', `/cash/${slip.id}/delete`, tenant)).json()).toEqual({ id: slip.id });
    expect((await call('GET', `/cash/${slip.id}`, tenant)).statusCode).toBe(404);
  });

  it('answers last month amount paid for the tenant own lease only', async () => {
    const res = await call('GET', `/last_month_amount_paid?leaseId=${I.leaseActive}`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ leaseId: I.leaseActive, currency: 'CAD' });
    expect(typeof res.json().amount).toBe('number');
    expect((await call('GET', `/last_month_amount_paid?leaseId=${I.leaseActive}`, tenantUs)).statusCode).toBe(404);
  });
});
