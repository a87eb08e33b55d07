// One subscription year's fee, charged once (issue 22 "Money"): the term row (credit_report_terms, unique per subscription
// and term number) is the claim; its fee is a payment_transactions row on the same ledger as rent (billingAccountType
// TYPE_CREDIT_REPORT, billingAccountId = the subscription, idempotency key `credit-report:<subscription>:<term>`), recorded
// INPROCESS under the claim's lock, then charged with the transaction id as the processor's idempotency key and settled
// once (payments/charge.ts, the autopay and application-fee design). Whoever comes next after a crash (the tenant's
// retry, the job) finishes the same transaction (payments/redrive.ts): the processor answers the first charge, never a
// second. A transaction the recovery cancelled as "not charged" is followed by a new attempt (key suffix `:<n>`).
import { and, eq, like, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { creditReportTerms, paymentMethods, paymentTransactions } from '../../db/schema.ts';
import { chargeOnce, settlePayment } from '../payments/charge.ts';
import { postPayment, type TransactionRow } from '../payments/ledger.ts';
import { redriveTransaction } from '../payments/redrive.ts';
import { CREDIT_REPORT_BILLING_TYPE, type SubscriptionRow } from './subscriptions.ts';

export type TermRow = typeof creditReportTerms.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;

/** The idempotency key of a term's n-th charge attempt. */
export function termKey(subscriptionId: string, termNumber: number, attempt = 1): string {
  const base = `credit-report:${subscriptionId}:${termNumber}`;
  return attempt <= 1 ? base : `${base}:${attempt}`;
}

/** The term's fee transactions (every attempt), by key. */
async function termTransactions(db: Executor, sub: SubscriptionRow, term: TermRow): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, sub.userId),
        eq(paymentTransactions.billingAccountId, sub.id),
        eq(paymentTransactions.billingAccountType, CREDIT_REPORT_BILLING_TYPE),
        or(
          eq(paymentTransactions.idempotencyKey, termKey(sub.id, term.termNumber)),
          like(paymentTransactions.idempotencyKey, `${termKey(sub.id, term.termNumber)}:%`),
        ),
      ),
    );
}

export type TermState =
  | { kind: 'paid'; transaction: TransactionRow | null }
  | { kind: 'refused'; transaction: TransactionRow }
  | { kind: 'charge'; transaction: TransactionRow; fresh: boolean };

/**
 * Under the caller's lock on the term (or its subscription's first term): what the term's fee is at, recording a new
 * INPROCESS transaction when none stands (none yet, or the last one cancelled as not charged). A zero fee is paid.
 */
export async function prepareTermCharge(
  tx: Executor,
  input: {
    sub: SubscriptionRow;
    term: TermRow;
    method: Pick<MethodRow, 'id' | 'type' | 'brand' | 'last4'> | null;
    propertyId: string;
    companyId: string;
    currency: 'CAD' | 'USD';
    createDate?: string | null;
    actedBy?: string | null;
  },
): Promise<TermState> {
  const { sub, term } = input;
  if (term.feeCents <= 0) return { kind: 'paid', transaction: null };
  const all = await termTransactions(tx, sub, term);
  const paid = all.find((t) => t.status === 'COMPLETE' || t.status === 'PENDING');
  if (paid) return { kind: 'paid', transaction: paid };
  const inFlight = all.find((t) => t.status === 'INPROCESS');
  if (inFlight) return { kind: 'charge', transaction: inFlight, fresh: false };
  const failed = all.find((t) => t.status === 'FAILED');
  if (failed) return { kind: 'refused', transaction: failed };
  if (!input.method) throw new Error(`credit report term ${term.id}: no payment method to charge`);
  const pending = await postPayment(tx, {
    userId: sub.userId,
    leaseId: sub.id,
    billingAccountType: CREDIT_REPORT_BILLING_TYPE,
    propertyId: input.propertyId,
    companyId: input.companyId,
    currency: input.currency,
    status: 'INPROCESS',
    amountCents: term.feeCents,
    feeCents: 0,
    feeType: 'ADD',
    feePaidByCompany: false,
    paymentMethodType: input.method.type,
    paymentMethodId: input.method.id,
    cardBrand: input.method.brand,
    last4: input.method.last4,
    note: `Credit reporting, year ${term.termNumber}`,
    idempotencyKey: termKey(sub.id, term.termNumber, all.length + 1),
    allocate: null,
    openCharges: [],
    chargeCents: term.feeCents,
    chargeMethodId: input.method.id,
    createDate: input.createDate ?? null,
    actedBy: input.actedBy ?? null,
  });
  await tx
    .update(creditReportTerms)
    .set({ transactionId: pending.id, updatedAt: new Date().toISOString() })
    .where(eq(creditReportTerms.id, term.id));
  return { kind: 'charge', transaction: pending, fresh: true };
}

/**
 * Charges a prepared INPROCESS transaction once and settles it: a fresh one with its method's token, a found one
 * re-driven (the processor answers the first charge under its id). Answers the settled row (INPROCESS if the processor
 * could not be reached: the next try finishes it).
 */
export async function chargeTermTransaction(
  ctx: Pick<AppContext, 'db' | 'providers' | 'now'>,
  state: Extract<TermState, { kind: 'charge' }>,
): Promise<TransactionRow> {
  const row = state.transaction;
  if (!state.fresh || !row.chargeMethodId || row.chargeCents == null) return redriveTransaction(ctx, row);
  const [method] = await ctx.db
    .select({ token: paymentMethods.processorToken })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, row.chargeMethodId))
    .limit(1);
  if (!method?.token) return redriveTransaction(ctx, row);
  const outcome = await chargeOnce(ctx, row, {
    amountCents: row.chargeCents,
    currency: row.currency as 'CAD' | 'USD',
    token: method.token,
    description: `Credit reporting ${row.billingAccountId} fee ${row.confirmationId}`,
  });
  // Fault injection for the kill -9 test only (E2E_TEST_SUPPORT): die between the charge and the settlement.
  if (process.env.E2E_TEST_SUPPORT === '1' && process.env.CREDIT_REPORT_CRASH_AFTER_CHARGE === '1')
    process.kill(process.pid, 'SIGKILL');
  return settlePayment(ctx, row, outcome);
}
