// Issue 22 demo data for credit reporting (spec 2 §3 "Credit report subscription"): the BC demo lease subscribed (ACTIVE,
// paid with the demo Visa: term 1 and its COMPLETE fee on the ledger, $4.95 = the company's CREDIT_REPORT service fee),
// and an EXPIRED subscription on the tenant's earlier (terminated) lease, so the dashboard and /customer/payment show
// both states. The demo tenant has a birth date (seed.ts), so a new sign-up is allowed.
import { addDays, addMonths } from '@portal/domain/dates';
import { toCents } from '@portal/domain/money';
import type { AppContext } from '../context.ts';
import { creditReportSubscriptions, creditReportTerms, paymentTransactions } from './schema.ts';
import { DEMO_CREDIT_REPORT_FEE } from './seed.ts';
import { DEMO_IDS } from './seed-ids.ts';

export const CREDIT_REPORT_DEMO_IDS = {
  subscriptionActive: '00000000-0000-4000-8000-000000000a01',
  subscriptionExpired: '00000000-0000-4000-8000-000000000a02',
  termActive: '00000000-0000-4000-8000-000000000a11',
  termExpired: '00000000-0000-4000-8000-000000000a12',
  feeActive: '00000000-0000-4000-8000-000000000a21',
  feeExpired: '00000000-0000-4000-8000-000000000a22',
} as const;

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const yearEnd = (start: string) => addDays(addMonths(start, 12), -1);

export async function seedDemoCreditReporting(ctx: AppContext, today: Date): Promise<void> {
  const I = DEMO_IDS;
  const C = CREDIT_REPORT_DEMO_IDS;
  const feeCents = toCents(DEMO_CREDIT_REPORT_FEE);
  // Active: subscribed 2 months ago, reporting from the 1st of last month, one year.
  const activeSubscribed = addMonths(ymd(today), -2);
  const activeStart = `${addMonths(ymd(today), -1).slice(0, 8)}01`;
  // Expired: a year on the old lease, ended 16 months ago.
  const expiredStart = `${addMonths(ymd(today), -28).slice(0, 8)}01`;
  const expiredEnd = yearEnd(expiredStart);
  const fee = (id: string, subscriptionId: string, leaseProperty: string, on: string, confirmationId: string) => ({
    id,
    userId: I.tenant,
    billingAccountId: subscriptionId,
    billingAccountType: 'TYPE_CREDIT_REPORT',
    propertyId: leaseProperty,
    companyId: I.companyCa,
    currency: 'CAD',
    amount: feeCents,
    status: 'COMPLETE',
    createDate: `${on}T16:00:00.000Z`,
    paymentMethodType: 'TYPE_CREDIT_CARD',
    paymentMethodId: I.cardVisa,
    cardBrand: 'VISA',
    last4: '4242',
    feeAmount: 0,
    confirmationId,
    charges: [],
    note: 'Credit reporting, year 1',
    idempotencyKey: `credit-report:${subscriptionId}:1`,
    paymentProviderId: `sbx_cr_${confirmationId}`,
  });
  await ctx.db.transaction(async (tx) => {
    await tx.insert(creditReportSubscriptions).values([
      {
        id: C.subscriptionActive,
        userId: I.tenant,
        billingAccountId: I.leaseActive,
        status: 'ACTIVE',
        subscriptionDate: activeSubscribed,
        startDate: activeStart,
        expiryDate: yearEnd(activeStart),
        feeAmount: feeCents,
        autoRenew: true,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        paymentMethodId: I.cardVisa,
        createDate: `${activeSubscribed}T16:00:00.000Z`,
      },
      {
        id: C.subscriptionExpired,
        userId: I.tenant,
        billingAccountId: I.leaseTerminated,
        status: 'EXPIRED',
        subscriptionDate: expiredStart,
        startDate: expiredStart,
        expiryDate: expiredEnd,
        feeAmount: feeCents,
        autoRenew: false,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        paymentMethodId: I.cardVisa,
        endedAt: `${addDays(expiredEnd, 1)}T06:00:00.000Z`,
        createDate: `${expiredStart}T16:00:00.000Z`,
      },
    ]);
    await tx
      .insert(paymentTransactions)
      .values([
        fee(C.feeActive, C.subscriptionActive, I.propertyCa, activeSubscribed, 'RL-CRACT2'),
        fee(C.feeExpired, C.subscriptionExpired, I.propertyCaOld, expiredStart, 'RL-CREXP2'),
      ]);
    await tx.insert(creditReportTerms).values([
      {
        id: C.termActive,
        subscriptionId: C.subscriptionActive,
        termNumber: 1,
        startsOn: activeStart,
        endsOn: yearEnd(activeStart),
        feeCents,
        transactionId: C.feeActive,
        status: 'PAID',
      },
      {
        id: C.termExpired,
        subscriptionId: C.subscriptionExpired,
        termNumber: 1,
        startsOn: expiredStart,
        endsOn: expiredEnd,
        feeCents,
        transactionId: C.feeExpired,
        status: 'PAID',
      },
    ]);
  });
}
