// Issue 21 §2 (spec 1 §8, spec 2 §8): the re-entry and fee-change alerts of listed companies were never shown. A company
// flag (the demo's Liberty Homes has both) alerts each tenant with a lease there once: the server remembers what the
// tenant was shown; another tenant, or a company not flagged, has nothing; an admin mimicking uses nothing up.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(() => app.close());

const pending = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/company_alert/pending', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().records as { companyId: string; companyName: string; alert: string }[];
};
const seen = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/company_alert/seen', headers: auth(token), payload });

describe('one-time company alerts', () => {
  it('lists both alerts of the flagged company to its tenant, each once: seen, it is not listed again', async () => {
    expect(await pending(tenantUs)).toEqual([
      { companyId: I.companyUs, companyName: 'Liberty Homes LLC', alert: 'PAYMENT_METHOD_REENTRY' },
      { companyId: I.companyUs, companyName: 'Liberty Homes LLC', alert: 'SERVICE_FEE_CHANGE' },
    ]);
    const first = await seen(tenantUs, { companyId: I.companyUs, alert: 'PAYMENT_METHOD_REENTRY' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ stored: true });
    expect((await seen(tenantUs, { companyId: I.companyUs, alert: 'PAYMENT_METHOD_REENTRY' })).statusCode).toBe(200);
    expect((await pending(tenantUs)).map((a) => a.alert)).toEqual(['SERVICE_FEE_CHANGE']);
    await seen(tenantUs, { companyId: I.companyUs, alert: 'SERVICE_FEE_CHANGE' });
    expect(await pending(tenantUs)).toEqual([]);
  });

  it('has nothing for a tenant of companies not flagged, and follows the flag when a company sets it', async () => {
    expect(await pending(tenant)).toEqual([]);
    await app.ctx.db.update(companies).set({ alertServiceFeeChange: true }).where(eq(companies.id, I.companyCa));
    expect(await pending(tenant)).toEqual([
      { companyId: I.companyCa, companyName: 'Maple Leaf Property Management', alert: 'SERVICE_FEE_CHANGE' },
    ]);
    await app.ctx.db.update(companies).set({ alertServiceFeeChange: false }).where(eq(companies.id, I.companyCa));
  });

  it("refuses another company's alert (404, as a missing one) and a bad body (400 naming the field)", async () => {
    expect((await seen(tenant, { companyId: I.companyUs, alert: 'SERVICE_FEE_CHANGE' })).statusCode).toBe(404);
    expect((await seen(tenant, { companyId: I.companyCa, alert: 'PAYMENT_METHOD_REENTRY' })).statusCode).toBe(404);
    const bad = await seen(tenant, { companyId: I.companyCa, alert: 'SOMETHING' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['alert']);
    expect((await app.inject({ method: 'GET', url: '/api/company_alert/pending', headers: auth(admin) })).statusCode).toBe(403);
  });

  it('an admin mimicking the tenant sees the alerts but uses none up', async () => {
    await app.ctx.db.update(companies).set({ alertPaymentMethodReentry: true }).where(eq(companies.id, I.companyCa));
    const mimic = await app.inject({
      method: 'POST',
      url: '/api/admin/mimic',
      headers: auth(admin),
      payload: { leaseId: I.leaseActive },
    });
    expect(mimic.statusCode, mimic.body).toBe(200);
    const asTenant = mimic.json().access_token as string;
    expect((await pending(asTenant)).map((a) => a.alert)).toEqual(['PAYMENT_METHOD_REENTRY']);
    const res = await seen(asTenant, { companyId: I.companyCa, alert: 'PAYMENT_METHOD_REENTRY' });
    expect(res.json()).toEqual({ stored: false });
    expect((await pending(tenant)).map((a) => a.alert)).toEqual(['PAYMENT_METHOD_REENTRY']);
  });
});
