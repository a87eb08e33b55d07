// Later instalments of split pay (spec 1 §4 "Instalment mode"; issue 10: "the same job also charges later instalments
// of split pay"). A paid plan (its payment transaction COMPLETE) keeps its instalments 2..n PENDING in
// installmentDetails.paymentDetails; on or after each one's due date the job charges the plan's funding card the
// instalment's amount, once, through the payment service as every movement of money (issue 20 §3):
//   1. with the plan locked (FOR UPDATE SKIP LOCKED: another runner holding it is passed over), the instalment's ledger
//      transaction is recorded INPROCESS (key instalment:<planId>:<number>, unique per tenant; billing account the plan,
//      TYPE_INSTALLMENT_PAY, parent the plan's payment: it pays no lease charge, the plan's payment did) and its id kept
//      on the instalment;
//   2. after that commit, charged once (the transaction id is the processor's key) and settled;
//   3. recorded on the plan (PAID with the charge id, or FAILED with the refusal) and the tenant told (INSTALMENT_PAID /
//      INSTALMENT_FAILED, once each).
// A run that stopped after 1 (a crash, the processor or the database unreachable) leaves the instalment PENDING with
// its transaction INPROCESS: the next run re-drives the same charge (redrive.ts), so it is charged once whatever the
// crashes; the payment recovery leaves such a transaction to the job.
import type { Currency } from '@portal/domain/money';
import { chargeRefusalOfRecord } from '@portal/domain/processor-refusals';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema.ts';
import { insertNotification } from '../notifications/notify.ts';
import { receiptParamsOf } from '../notifications/receipt-params.ts';
import { detailsOf, type StoredInstalmentDetails } from '../payments/instalment-pay.ts';
import { findTransactionByKey, getTransaction, postPayment } from '../payments/ledger.ts';
import { todayOf } from '../payments/payment-context.ts';
import { redriveTransaction } from '../payments/redrive.ts';

const DUE_PLANS = `SELECT pm.id FROM payment_methods pm
JOIN payment_transactions t ON t.id = pm.installment_details->>'transactionId' AND t.status = 'COMPLETE'
WHERE pm.type = 'TYPE_INSTALLMENT_PAY' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(pm.installment_details->'paymentDetails') e
  WHERE e->>'status' = 'PENDING' AND (e->>'number')::int > 1 AND e->>'paymentDueDate' <= $1)
ORDER BY pm.id`;

const PLAN_INFO = `SELECT pm.id, pm.user_id AS "userId", pm.funding_method_id AS "fundingMethodId",
  pm.installment_details AS "details", pr.property_name AS "propertyName", l.property_id AS "propertyId",
  l.company_id AS "companyId"
FROM payment_methods pm
LEFT JOIN property_leases l ON l.id = pm.installment_details->>'billingAccountId'
LEFT JOIN properties pr ON pr.id = l.property_id
WHERE pm.id = $1
FOR UPDATE OF pm SKIP LOCKED`;

export interface InstalmentOutcome {
  /** <planId>:<number> */
  id: string;
  status: 'PAID' | 'FAILED';
}

/** Charges every later instalment due by ctx.now()'s day; answers what was charged or refused. */
export async function chargeDueInstalments(ctx: AppContext): Promise<InstalmentOutcome[]> {
  const today = todayOf(ctx.now());
  const { rows } = await ctx.database.raw(DUE_PLANS, [today]);
  const out: InstalmentOutcome[] = [];
  for (const { id } of rows) {
    // One instalment at a time per plan (a plan months behind pays each due one, in order).
    for (let guard = 0; guard < 24; guard++) {
      const done = await chargeNextInstalment(ctx, String(id), today);
      if (!done) break;
      out.push(done);
    }
  }
  return out;
}

type Instalment = StoredInstalmentDetails['paymentDetails'][number];

async function chargeNextInstalment(ctx: AppContext, planId: string, today: string): Promise<InstalmentOutcome | null> {
  // 1. The plan (locked) and its first due PENDING instalment, with its transaction recorded (or found) INPROCESS.
  const picked = await ctx.db.transaction(async (tx) => {
    const { rows } = await rawOf(tx)(PLAN_INFO, [planId]);
    const plan = rows[0] as unknown as PlanInfo | undefined;
    if (!plan) return null;
    const details = detailsOf({ installmentDetails: plan.details } as Parameters<typeof detailsOf>[0]);
    const due = details.paymentDetails.find((p) => p.number > 1 && p.status === 'PENDING' && p.paymentDueDate <= today);
    if (!due) return null;
    const [card] = plan.fundingMethodId
      ? await tx
          .select({
            id: paymentMethods.id,
            token: paymentMethods.processorToken,
            brand: paymentMethods.brand,
            last4: paymentMethods.last4,
          })
          .from(paymentMethods)
          .where(
            and(
              eq(paymentMethods.id, plan.fundingMethodId),
              eq(paymentMethods.userId, plan.userId),
              isNull(paymentMethods.deletedAt),
            ),
          )
          .limit(1)
      : [];
    const key = `instalment:${plan.id}:${due.number}`;
    // Recorded by an earlier run that stopped before settling it: the same transaction (one per key).
    const recorded = due.transactionId
      ? await getTransaction(tx, due.transactionId)
      : await findTransactionByKey(tx, plan.userId, key);
    if (recorded) return { plan, details, due, card: card ?? null, pending: recorded };
    if (!card?.token) return { plan, details, due, card: null, pending: null };
    const pending = await postPayment(tx, {
      userId: plan.userId,
      leaseId: plan.id,
      billingAccountType: 'TYPE_INSTALLMENT_PAY',
      propertyId: plan.propertyId ?? '',
      companyId: plan.companyId ?? '',
      currency: details.currency,
      status: 'INPROCESS',
      amountCents: due.amountCents,
      feeCents: 0,
      feeType: 'ADD',
      feePaidByCompany: false,
      paymentMethodType: 'TYPE_CREDIT_CARD',
      paymentMethodId: card.id,
      cardBrand: card.brand,
      last4: card.last4,
      idempotencyKey: key,
      parentTransactionId: details.transactionId,
      createDate: ctx.now().toISOString(),
      allocate: null,
      openCharges: [],
      chargeCents: due.amountCents,
      chargeMethodId: card.id,
    });
    await tx
      .update(paymentMethods)
      .set({ installmentDetails: withInstalment(details, due.number, { transactionId: pending.id }) })
      .where(eq(paymentMethods.id, plan.id));
    return { plan, details, due, card, pending };
  });
  if (!picked) return null;
  const { plan, details, due, card, pending } = picked;

  // 2. Charged once (the transaction id is the processor's key) and settled, through the path a retry takes: a
  // transaction an earlier run recorded has its charge found, or made once. No funding card: nothing is charged.
  const settled = pending ? await redriveTransaction(ctx, pending) : null;
  // Still not settled (the processor could not be reached): left for the next run.
  if (settled?.status === 'INPROCESS') return null;
  const status: 'PAID' | 'FAILED' = settled && settled.status !== 'FAILED' && settled.status !== 'CANCELLED' ? 'PAID' : 'FAILED';
  const error = settled ? settled.error : 'portal:METHOD_BLOCKED:The funding card was removed';
  const reason = !settled ? 'METHOD_BLOCKED' : status === 'PAID' ? null : chargeRefusalOfRecord(settled.error);

  // 3. Recorded on the plan (re-read under its lock: only this instalment changes) and the tenant told.
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, plan.id)).for('update').limit(1);
    if (!locked) return;
    const current = detailsOf(locked);
    const next = withInstalment(current, due.number, {
      status,
      providerId: settled?.paymentProviderId ?? null,
      error: status === 'PAID' ? null : error,
      transactionId: settled?.id ?? null,
    });
    await tx.update(paymentMethods).set({ installmentDetails: next }).where(eq(paymentMethods.id, plan.id));
    const kind = status === 'PAID' ? 'INSTALMENT_PAID' : 'INSTALMENT_FAILED';
    await insertNotification(tx, {
      userId: plan.userId,
      billingAccountId: details.billingAccountId,
      kind,
      params: {
        // issue 25: the instalment's receipt figures (transaction, confirmation id, fee, total) when it was charged
        ...(settled ? receiptParamsOf(settled) : {}),
        planId: plan.id,
        number: due.number,
        count: details.paymentDetails.length,
        amountCents: due.amountCents,
        currency: details.currency as Currency,
        date: today,
        propertyName: plan.propertyName,
        methodType: 'TYPE_CREDIT_CARD',
        brand: card?.brand ?? settled?.cardBrand ?? null,
        last4: card?.last4 ?? settled?.last4 ?? null,
        reason,
      },
      dedupeKey: `${kind.toLowerCase()}:${plan.id}:${due.number}`,
      createdAt: ctx.now(),
    });
  });
  return { id: `${plan.id}:${due.number}`, status };
}

interface PlanInfo {
  id: string;
  userId: string;
  fundingMethodId: string | null;
  details: unknown;
  propertyName: string | null;
  propertyId: string | null;
  companyId: string | null;
}

/** The plan's details with one PENDING instalment changed (a settled one is never changed again). */
function withInstalment(details: StoredInstalmentDetails, number: number, change: Partial<Instalment>): StoredInstalmentDetails {
  return {
    ...details,
    paymentDetails: details.paymentDetails.map((p) => (p.number === number && p.status === 'PENDING' ? { ...p, ...change } : p)),
  };
}
