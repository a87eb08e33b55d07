// Refunds (issue 23 "Money"; spec 2 §6: a manager requests a refund in writing, hence the required reason): a REFUND
// transaction of a COMPLETE payment, through the payment service's one path (ARCHITECTURE "Money: one payment
// service"): the parent payment locked (FOR UPDATE), what is still refundable read under that lock, the REFUND recorded
// INPROCESS with its own key and its allocations reversed (latest charge first: negative allocations, the charges'
// balances up) before the processor is asked, settled after; a crash in between is finished by recoverRefunds, which
// asks again under the same key (the processor answers one refund per key: never a second refund).
import { type Currency, formatMoney } from '@portal/domain/money';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Executor, rawOf } from '../../db/client.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Lang } from '../../lib/i18n.ts';
import { ProcessorError } from '../../providers/processor/processor.ts';
import { insertNotification } from '../notifications/notify.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';
import {
  closeTransaction,
  getTransaction,
  newConfirmationId,
  settleFrom,
  type TransactionRow,
  toPaymentResult,
} from './ledger.ts';

/** spec 2 terms: no refunds after 12 months. */
const REFUND_WINDOW_MONTHS = 12;

export interface RefundInput {
  caller: ConsoleCaller;
  transactionId: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
  lang: Lang;
}

/** The key a refund is recorded under: the caller's Idempotency-Key, on the tenant's ledger, apart from theirs. */
const refundKeyOf = (callerId: string, key: string) => `refund:${callerId}:${key}`;

/** What is still refundable of a payment: its amount less its REFUND and RETURN rows that stand. */
export async function refundableCents(executor: Executor, parent: TransactionRow): Promise<number> {
  const [row] = await executor
    .select({ used: sql<string>`coalesce(sum(${paymentTransactions.amount}), 0)` })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.parentTransactionId, parent.id),
        sql`${paymentTransactions.transactionType} IN ('REFUND', 'RETURN')`,
        sql`${paymentTransactions.status} IN ('COMPLETE', 'INPROCESS')`,
      ),
    );
  return parent.amount - Number(row?.used ?? 0);
}

/** Why a payment cannot be refunded at all (409), or null. */
function refusalOf(parent: TransactionRow, now: Date): AppError | null {
  if (parent.transactionType !== 'PAYMENT' || parent.status !== 'COMPLETE')
    return new AppError('RM_ERROR_RECORD_LOCKED', 'server.ledger.refundNotComplete', {
      values: { status: parent.status, type: parent.transactionType },
    });
  if (!parent.paymentProviderId) return new AppError('RM_ERROR_RECORD_LOCKED', 'server.ledger.refundNotProcessed');
  const limit = new Date(parent.createDate);
  limit.setUTCMonth(limit.getUTCMonth() + REFUND_WINDOW_MONTHS);
  if (now.getTime() > limit.getTime()) return new AppError('RM_ERROR_RECORD_LOCKED', 'server.ledger.refundTooOld');
  return null;
}

const tooLarge = (refundable: number, currency: string, lang: Lang) =>
  AppError.onField('amount', 'server.ledger.refundTooLarge', {
    errorCode: 'RM_ERROR_INVALID_AMOUNT',
    values: { refundable: formatMoney(refundable, currency as Currency, lang) },
  });

/**
 * Reverses up to `amountCents` of the parent's standing allocations, latest charge first (negative allocations under
 * `refundId`, the charges' balances up): a refund's and a bank return's one rule. Answers the lines.
 */
export async function reverseAllocations(
  tx: Executor,
  parentId: string,
  refundId: string,
  amountCents: number,
): Promise<{ code: string; name: string; amount: number }[]> {
  const raw = rawOf(tx);
  const { rows } = await raw(
    `SELECT a.open_charge_id AS id, c.code, c.name, sum(a.amount)::bigint AS net
FROM charge_allocations a
JOIN payment_transactions t ON t.id = a.transaction_id
JOIN open_charges c ON c.id = a.open_charge_id
WHERE (t.id = $1 OR (t.parent_transaction_id = $1 AND t.transaction_type IN ('REFUND', 'RETURN')))
  AND t.status IN ('COMPLETE', 'PENDING', 'INPROCESS', 'ONHOLD', 'AUTHORIZED')
GROUP BY a.open_charge_id, c.code, c.name, c.due_date, c.created_at
HAVING sum(a.amount) > 0
ORDER BY c.due_date DESC, c.created_at DESC, a.open_charge_id DESC`,
    [parentId],
  );
  if (rows.length > 0)
    await raw(`SELECT id FROM open_charges WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [rows.map((r) => r.id)]);
  let left = amountCents;
  const lines: { id: string; code: string; name: string; amount: number }[] = [];
  for (const r of rows) {
    if (left <= 0) break;
    const take = Math.min(left, Number(r.net));
    lines.push({ id: String(r.id), code: String(r.code ?? 'other'), name: String(r.name), amount: take });
    left -= take;
  }
  for (const line of lines) {
    await raw(`INSERT INTO charge_allocations (transaction_id, open_charge_id, amount) VALUES ($1, $2, $3)`, [
      refundId,
      line.id,
      -line.amount,
    ]);
    await raw(`UPDATE open_charges SET balance = balance + $2 WHERE id = $1`, [line.id, line.amount]);
  }
  return lines.map(({ code, name, amount }) => ({ code, name, amount }));
}

/** POST /payment_transaction/{id}/refund: records, refunds through the processor and settles a refund. */
export async function refundPayment(ctx: AppContext, input: RefundInput): Promise<PaymentResult> {
  const [parent] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, input.transactionId))
    .limit(1);
  if (parent?.billingAccountType !== 'TYPE_PROPERTY_LEASE') throw AppError.notFound('Payment transaction');
  requireCompanyScope(input.caller, parent.companyId, 'Payment transaction');
  const key = refundKeyOf(input.caller.id, input.idempotencyKey);
  // A refund already recorded under this key (its request died after recording it) is finished, never recorded twice.
  const earlier = await findByKey(ctx.db, parent.userId, key);
  if (earlier) return answerOf(await finishRefund(ctx, earlier, parent), input.lang);
  const refusal = refusalOf(parent, ctx.now());
  if (refusal) throw refusal;
  if (input.amountCents > parent.amount) throw tooLarge(await refundableCents(ctx.db, parent), parent.currency, input.lang);

  let pending: TransactionRow;
  try {
    pending = await ctx.db.transaction(async (tx) => {
      // Locked: concurrent refunds of one payment read what is refundable one after the other.
      const [locked] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, parent.id)).for('update');
      const again = refusalOf(locked, ctx.now());
      if (again) throw again;
      const refundable = await refundableCents(tx, locked);
      if (input.amountCents > refundable) throw tooLarge(refundable, locked.currency, input.lang);
      const [row] = await tx
        .insert(paymentTransactions)
        .values({
          userId: locked.userId,
          billingAccountId: locked.billingAccountId,
          billingAccountType: locked.billingAccountType,
          propertyId: locked.propertyId,
          companyId: locked.companyId,
          amount: input.amountCents,
          currency: locked.currency,
          status: 'INPROCESS',
          transactionType: 'REFUND',
          confirmationId: newConfirmationId(),
          paymentMethodType: locked.paymentMethodType,
          paymentMethodId: locked.paymentMethodId,
          cardBrand: locked.cardBrand,
          last4: locked.last4,
          feeAmount: 0,
          note: input.reason,
          idempotencyKey: key,
          parentTransactionId: locked.id,
          chargeCents: input.amountCents,
          createDate: ctx.now().toISOString(),
        })
        .returning();
      const lines = await reverseAllocations(tx, locked.id, row.id, input.amountCents);
      const unallocated = input.amountCents - lines.reduce((s, l) => s + l.amount, 0);
      if (unallocated > 0) lines.push({ code: 'other', name: 'Prepayment', amount: unallocated });
      const [withLines] = await tx
        .update(paymentTransactions)
        .set({ charges: lines })
        .where(eq(paymentTransactions.id, row.id))
        .returning();
      await recordAudit(tx, {
        recordType: 'payment_transaction',
        recordId: row.id,
        action: 'REFUND_REQUESTED',
        changes: { from: { refundableCents: refundable }, to: { refundableCents: refundable - input.amountCents } },
        actor: { id: input.caller.id, type: input.caller.role === 'admin' ? 'TYPE_ADMIN' : 'TYPE_MANAGER' },
      });
      return withLines;
    });
  } catch (err) {
    // The same key raced itself (a double click): finish the one recorded first.
    const first = isDuplicate(err) ? await findByKey(ctx.db, parent.userId, key) : null;
    if (!first) throw err;
    return answerOf(await finishRefund(ctx, first, parent), input.lang);
  }
  return answerOf(await finishRefund(ctx, pending, parent), input.lang);
}

function isDuplicate(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

async function findByKey(db: Executor, userId: string, key: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Asks the processor for the refund under its own key (the refund's id: a second ask answers the first refund) and
 * settles it once: COMPLETE (the tenant told), or FAILED on a refusal (the reversed allocations given back). Any other
 * failure leaves it INPROCESS for recoverRefunds.
 */
export async function finishRefund(ctx: AppContext, refund: TransactionRow, parent?: TransactionRow): Promise<TransactionRow> {
  if (refund.status !== 'INPROCESS') return refund;
  const source = parent ?? (await getTransaction(ctx.db, refund.parentTransactionId as string));
  let outcome: { status: 'COMPLETE' | 'FAILED'; providerId: string | null; error: string | null };
  try {
    const done = await ctx.providers.processor.refund({
      chargeId: source.paymentProviderId as string,
      amountCents: refund.amount,
      idempotencyKey: refund.id,
    });
    outcome = { status: 'COMPLETE', providerId: done.id, error: null };
  } catch (err) {
    if (!(err instanceof ProcessorError)) throw err;
    outcome = { status: 'FAILED', providerId: null, error: `${err.code}:${err.message}` };
  }
  return ctx.db.transaction(async (tx) => {
    const settled =
      outcome.status === 'COMPLETE'
        ? await settleFrom(tx, refund.id, 'INPROCESS', outcome)
        : await closeTransaction(tx, refund.id, 'INPROCESS', outcome);
    if (!settled) return getTransaction(tx, refund.id);
    if (settled.status === 'COMPLETE') {
      const { rows } = await rawOf(tx)(`SELECT property_name FROM properties WHERE id = $1`, [settled.propertyId]);
      const p = rows[0];
      await insertNotification(tx, {
        userId: settled.userId,
        billingAccountId: settled.billingAccountId,
        kind: 'PAYMENT_REFUNDED',
        params: {
          transactionId: settled.id,
          date: ctx.now().toISOString().slice(0, 10),
          amountCents: settled.amount,
          // issue 25: the refund's receipt figures (its total; the payment it refunds)
          totalCents: settled.amount,
          refundConfirmationId: settled.confirmationId,
          paymentTransactionId: source.id,
          currency: settled.currency,
          propertyName: (p?.property_name as string | undefined) ?? null,
          methodType: settled.paymentMethodType,
          brand: settled.cardBrand,
          last4: settled.last4,
          confirmationId: source.confirmationId,
        },
        dedupeKey: `PAYMENT_REFUNDED:${settled.id}`,
        createdAt: ctx.now(),
      });
    }
    return settled;
  });
}

function answerOf(row: TransactionRow, lang: Lang): PaymentResult {
  const result = toPaymentResult(row);
  if (row.status === 'FAILED')
    throw new AppError('RM_ERROR_PAYMENT_DECLINED', 'server.ledger.refundRefused', {
      values: { amount: formatMoney(row.amount, row.currency as Currency, lang) },
      extra: { transaction: result },
    });
  return result;
}

/** The recovery pass's part (jobs/payment-recovery.ts): refunds left INPROCESS by a crash, finished once each. */
export async function recoverRefunds(ctx: AppContext, opts: { olderThanMs: number }): Promise<{ id: string; status: string }[]> {
  const before = new Date(ctx.now().getTime() - opts.olderThanMs).toISOString();
  const stuck = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.status, 'INPROCESS'),
        eq(paymentTransactions.transactionType, 'REFUND'),
        lt(paymentTransactions.createDate, before),
      ),
    );
  const out: { id: string; status: string }[] = [];
  for (const refund of stuck) {
    const settled = await finishRefund(ctx, refund);
    out.push({ id: settled.id, status: settled.status });
  }
  return out;
}
