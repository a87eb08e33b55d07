// A credit reporting subscription suspended by a refused renewal comes back when the tenant gives it a new card: the
// renewal is tried again at once with that card (issue 22 gap: it used to stay SUSPENDED until the tenant started a
// new year). A card refused again leaves it SUSPENDED with a clear 402; an accepted one renews it, charged once.
import { addDays } from '@portal/domain/dates';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReportSubscriptions, paymentTransactions, propertyLeases, recurringSchedules } from '../src/db/schema.ts';
import { CREDIT_REPORT_DEMO_IDS } from '../src/db/seed-credit-reporting.ts';
import { contextAt, runJobs } from '../src/jobs/run-jobs.ts';
import { runCreditReportRenewals } from '../src/services/credit-reporting/renewals.ts';
import { auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';
import { addCard } from './ledger-helpers.ts';

const SUB: string = CREDIT_REPORT_DEMO_IDS.subscriptionActive;
let app: FastifyInstance;
let clock = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  await app.ctx.db.update(recurringSchedules).set({ active: false }).where(eq(recurringSchedules.id, DEMO_IDS.schedule));
  await app.ctx.db.update(propertyLeases).set({ endDate: null }).where(eq(propertyLeases.id, DEMO_IDS.leaseActive));
});
afterAll(async () => {
  await app.close();
});

const subscription = async () =>
  (await app.ctx.db.select().from(creditReportSubscriptions).where(eq(creditReportSubscriptions.id, SUB)))[0];
const fees = () =>
  app.ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.billingAccountId, SUB), eq(paymentTransactions.billingAccountType, 'TYPE_CREDIT_REPORT')));
const changeCard = (token: string, methodId: string) =>
  app.inject({
    method: 'GET',
    url: `/api/credit_report/${SUB}/change_payment_type?methodType=TYPE_CREDIT_CARD&methodId=${methodId}`,
    headers: auth(token),
  });

describe('a suspended credit reporting subscription and a new card', () => {
  it('is renewed at once with the new card (a refused card leaves it suspended with a 402)', async () => {
    let tenant = await login(app, TENANT);
    const nsf = await addCard(app, tenant, '4000000000009995');
    expect((await changeCard(tenant, nsf)).statusCode).toBe(200);
    const expiry = (await subscription()).expiryDate as string;
    clock = new Date(`${addDays(expiry, 1)}T12:00:00Z`);
    expect((await runCreditReportRenewals(contextAt(app.ctx, clock))).suspended).toEqual([SUB]);
    expect(await subscription()).toMatchObject({ status: 'SUSPENDED' });

    // Ten days later the tenant picks a card the bank still refuses (the sandbox has one card that adds and then
    // refuses every charge: the same one): still suspended, told why.
    clock = new Date(`${addDays(expiry, 11)}T12:00:00Z`);
    tenant = await login(app, TENANT);
    const refused = await changeCard(tenant, nsf);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().errorCode).toBe('RM_ERROR_PAYMENT_DECLINED');
    expect(await subscription()).toMatchObject({ status: 'SUSPENDED' });

    // Then a good card: renewed now, its new year starting today (the suspended days were not reported).
    const good = await changeCard(tenant, DEMO_IDS.cardVisa);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ status: 'ACTIVE' });
    const after = await subscription();
    expect(after).toMatchObject({ status: 'ACTIVE', autoRenew: true, paymentMethodId: DEMO_IDS.cardVisa });
    expect(after.expiryDate).toBe(addDays(addDays(expiry, 11), 364));
    const paidNow = (await fees()).filter((f) => f.status === 'COMPLETE' && f.createDate.startsWith(addDays(expiry, 11)));
    expect(paidNow).toHaveLength(1);

    // The job the same day charges nothing more.
    const before = (await fees()).length;
    expect((await runJobs(app.ctx, { now: clock })).creditReporting.renewed.count).toBe(0);
    expect(await fees()).toHaveLength(before);
  });
});
