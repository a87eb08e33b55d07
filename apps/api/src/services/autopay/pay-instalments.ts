// Later instalments of split pay (spec 1 §4 "Instalment mode"; issue 10: "the same job also charges later instalments
// of split pay"). A paid plan (its payment transaction COMPLETE) keeps its instalments 2..n PENDING in
// installmentDetails.paymentDetails; on or after each one's due date the job charges the plan's funding card the
// instalment's amount, once: the processor's idempotency key is instalment:<planId>:<number>, so a crash or a second
// runner gets the first charge's answer and never a second charge. The plan row is locked (FOR UPDATE SKIP LOCKED) to
// read and to record; the lease was paid in full by the plan's transaction, so an instalment is a charge of the split-pay
// partner to the tenant's card and is kept on the plan (PAID with the charge id, or FAILED with the refusal), not on the
// lease's ledger. The tenant is told either way (INSTALMENT_PAID / INSTALMENT_FAILED).
import type { Currency } from '@portal/domain/money';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { rawOf } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema.ts';
import { ProcessorError } from '../../providers/processor/processor.ts';
import { insertNotification } from '../notifications/notify.ts';
import { detailsOf, type StoredInstalmentDetails } from '../payments/instalment-pay.ts';
import { todayOf } from '../payments/payment-context.ts';

const DUE_PLANS = `SELECT pm.id FROM payment_methods pm
JOIN payment_transactions t ON t.id = pm.installment_details->>'transactionId' AND t.status = 'COMPLETE'
WHERE pm.type = 'TYPE_INSTALLMENT_PAY' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(pm.installment_details->'paymentDetails') e
  WHERE e->>'status' = 'PENDING' AND (e->>'number')::int > 1 AND e->>'paymentDueDate' <= $1)
ORDER BY pm.id`;

const PLAN_INFO = `SELECT pm.id, pm.user_id AS "userId", pm.funding_method_id AS "fundingMethodId",
  pm.installment_details AS "details", pr.property_name AS "propertyName"
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
  // 1. Read the plan (locked; another runner holding it is passed over) and pick its first due PENDING instalment.
  const picked = await ctx.db.transaction(async (tx) => {
    const { rows } = await rawOf(tx)(PLAN_INFO, [planId]);
    const plan = rows[0] as
      | { id: string; userId: string; fundingMethodId: string | null; details: unknown; propertyName: string | null }
      | undefined;
    if (!plan) return null;
    const details = detailsOf({ installmentDetails: plan.details } as Parameters<typeof detailsOf>[0]);
    const due = details.paymentDetails.find((p) => p.number > 1 && p.status === 'PENDING' && p.paymentDueDate <= today);
    if (!due) return null;
    const [card] = plan.fundingMethodId
      ? await tx
          .select({ token: paymentMethods.processorToken, brand: paymentMethods.brand, last4: paymentMethods.last4 })
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
    return { plan, details, due, card: card ?? null };
  });
  if (!picked) return null;
  const { plan, details, due, card } = picked;

  // 2. Charged once (the key is the plan and the instalment's number).
  let status: 'PAID' | 'FAILED';
  let providerId: string | null = null;
  let error: string | null = null;
  let reason: string | null = null;
  if (!card?.token) {
    status = 'FAILED';
    error = 'portal:METHOD_BLOCKED:The funding card was removed';
    reason = 'METHOD_BLOCKED';
  } else {
    try {
      const charge = await ctx.providers.processor.charge({
        amountCents: due.amountCents,
        currency: details.currency,
        token: card.token,
        idempotencyKey: `instalment:${plan.id}:${due.number}`,
        at: ctx.now(),
        description: `Split pay ${plan.id} instalment ${due.number} of ${details.paymentDetails.length}`,
      });
      status = 'PAID';
      providerId = charge.id;
    } catch (err) {
      if (!(err instanceof ProcessorError)) throw err;
      status = 'FAILED';
      error = `${err.code}:${err.reason}:${err.message}`;
      reason = err.reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
    }
  }

  // 3. Recorded on the plan (re-read under its lock: only this instalment changes) and the tenant told.
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, plan.id)).for('update').limit(1);
    if (!locked) return;
    const current = detailsOf(locked);
    const next: StoredInstalmentDetails = {
      ...current,
      paymentDetails: current.paymentDetails.map(
        (p): Instalment => (p.number === due.number && p.status === 'PENDING' ? { ...p, status, providerId, error } : p),
      ),
    };
    await tx.update(paymentMethods).set({ installmentDetails: next }).where(eq(paymentMethods.id, plan.id));
    const kind = status === 'PAID' ? 'INSTALMENT_PAID' : 'INSTALMENT_FAILED';
    await insertNotification(tx, {
      userId: plan.userId,
      billingAccountId: details.billingAccountId,
      kind,
      params: {
        planId: plan.id,
        number: due.number,
        count: details.paymentDetails.length,
        amountCents: due.amountCents,
        currency: details.currency as Currency,
        date: today,
        propertyName: plan.propertyName,
        methodType: 'TYPE_CREDIT_CARD',
        brand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        reason,
      },
      dedupeKey: `${kind.toLowerCase()}:${plan.id}:${due.number}`,
      createdAt: ctx.now(),
    });
  });
  return { id: `${plan.id}:${due.number}`, status };
}
