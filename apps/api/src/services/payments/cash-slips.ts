// Loadhub cash slips (spec 1 §3 "Cash slip", §4 "Loadhub cash", §5: 10..1993; issue 8): in Canada a tenant makes a slip
// with a QR code, takes it to a participating store and pays cash there; the store's payment (the sandbox's
// /sandbox/loadhub/pay) posts the transaction to the ledger. One active slip per lease: creating again updates it.
import { randomInt } from 'node:crypto';
import { toIsoInstant } from '@portal/domain/dates';
import { calculateFee } from '@portal/domain/fees';
import { LOADHUB_CASH_MAX_CENTS, LOADHUB_CASH_MIN_CENTS, validateLoadhubCashAmount } from '@portal/domain/limits';
import { fromCents, toCents } from '@portal/domain/money';
import { defaultPaymentAmountCents } from '@portal/domain/payment-amounts';
import { isCashSlipViewable } from '@portal/domain/payment-methods';
import type { CashSlip } from '@portal/domain/payment-shapes';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { cashSlips } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import { currentBalances, lockOpenCharges, type OpenBalance, paymentOn, postPayment, type TransactionRow } from './ledger.ts';
import { loadPaymentLease, type PaymentLease, todayOf } from './payment-context.ts';
import { requirePayableLease, requireUsableMethodType, requireValidAmount } from './payment-rules.ts';

type SlipRow = typeof cashSlips.$inferSelect;
const TYPE = 'TYPE_LOADHUB_CASH' as const;

function toCashSlip(row: SlipRow): CashSlip {
  return {
    id: row.id,
    token: row.token,
    amount: fromCents(row.amount),
    type: TYPE,
    billingAccountId: row.billingAccountId,
    status: row.status,
    createDate: toIsoInstant(row.createdAt),
  };
}

/** A slip's number as the store scans it: 16 digits, grouped by 4 on the slip. */
function newSlipToken(): string {
  let digits = '';
  for (let i = 0; i < 16; i++) digits += String(randomInt(10));
  return digits;
}

// spec 1 §2 / §5: cash slips only in Canada, for a lease that accepts cash and does not block it
async function requireCashLease(ctx: AppContext, customerId: string, leaseId: string): Promise<PaymentLease> {
  const lease = await loadPaymentLease(ctx.db, customerId, leaseId);
  requirePayableLease(lease);
  if (!isCashSlipViewable(lease.companyCountry)) {
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.payments.cashSlipCanadaOnly');
  }
  requireUsableMethodType(lease, lease.acceptedTypes, TYPE);
  return lease;
}

function requireSlipAmount(ctx: AppContext, lease: PaymentLease, amountCents: number, charges: OpenBalance[], lang: Lang) {
  const limit = validateLoadhubCashAmount(amountCents);
  if (!limit.ok) throw AppError.onField('amount', limit.key, { fieldErrorCode: 'RM_ERROR_INVALID_AMOUNT' });
  requireValidAmount(amountCents, {
    openCharges: charges,
    today: todayOf(ctx.now()),
    lease,
    display: { currency: 'CAD', locale: lang },
  });
}

/** GET /cash/new: the template of a new slip for a lease (the amount due now, within the cash limits). */
export async function newCashSlipTemplate(ctx: AppContext, customerId: string, leaseId: string) {
  await requireCashLease(ctx, customerId, leaseId);
  const balances = await currentBalances(ctx, leaseId);
  const due = defaultPaymentAmountCents(balances);
  return {
    type: TYPE,
    billingAccountId: leaseId,
    amount: fromCents(Math.min(Math.max(due, LOADHUB_CASH_MIN_CENTS), LOADHUB_CASH_MAX_CENTS)),
  };
}

export async function createCashSlip(
  ctx: AppContext,
  input: { customerId: string; leaseId: string; amount: number; lang: Lang },
): Promise<CashSlip> {
  const lease = await requireCashLease(ctx, input.customerId, input.leaseId);
  const amountCents = toCents(input.amount);
  requireSlipAmount(ctx, lease, amountCents, await currentBalances(ctx, lease.id), input.lang);
  const [existing] = await ctx.db
    .select()
    .from(cashSlips)
    .where(and(eq(cashSlips.userId, input.customerId), eq(cashSlips.billingAccountId, lease.id), eq(cashSlips.status, 'ACTIVE')))
    .limit(1);
  if (existing) {
    const [row] = await ctx.db.update(cashSlips).set({ amount: amountCents }).where(eq(cashSlips.id, existing.id)).returning();
    return toCashSlip(row);
  }
  const [row] = await ctx.db
    .insert(cashSlips)
    .values({ userId: input.customerId, billingAccountId: lease.id, token: newSlipToken(), amount: amountCents, type: TYPE })
    .returning();
  return toCashSlip(row);
}

async function ownSlip(ctx: AppContext, customerId: string, id: string): Promise<SlipRow> {
  const [row] = await ctx.db
    .select()
    .from(cashSlips)
    .where(and(eq(cashSlips.id, id), eq(cashSlips.userId, customerId)))
    .limit(1);
  if (!row || row.status === 'DELETED') throw AppError.notFound('Cash slip');
  return row;
}

export async function getCashSlip(ctx: AppContext, customerId: string, id: string): Promise<CashSlip> {
  return toCashSlip(await ownSlip(ctx, customerId, id));
}

/** The tenant's active slips, newest first (the payment page's cash slip view, Canada only). */
export async function listCashSlips(ctx: AppContext, customerId: string): Promise<{ records: CashSlip[] }> {
  const rows = await ctx.db
    .select()
    .from(cashSlips)
    .where(and(eq(cashSlips.userId, customerId), eq(cashSlips.status, 'ACTIVE')))
    .orderBy(desc(cashSlips.createdAt));
  return { records: rows.map(toCashSlip) };
}

export async function updateCashSlip(
  ctx: AppContext,
  input: { customerId: string; id: string; amount: number; lang: Lang },
): Promise<CashSlip> {
  const slip = await ownSlip(ctx, input.customerId, input.id);
  if (slip.status !== 'ACTIVE') throw new AppError('RM_ERROR_RECORD_VALIDATION', 'server.payments.cashSlipUsed');
  const lease = await requireCashLease(ctx, input.customerId, slip.billingAccountId ?? '');
  const amountCents = toCents(input.amount);
  requireSlipAmount(ctx, lease, amountCents, await currentBalances(ctx, lease.id), input.lang);
  const [row] = await ctx.db.update(cashSlips).set({ amount: amountCents }).where(eq(cashSlips.id, slip.id)).returning();
  return toCashSlip(row);
}

export async function deleteCashSlip(ctx: AppContext, customerId: string, id: string): Promise<{ id: string }> {
  const slip = await ownSlip(ctx, customerId, id);
  if (slip.status !== 'ACTIVE') throw new AppError('RM_ERROR_RECORD_VALIDATION', 'server.payments.cashSlipUsed');
  await ctx.db.update(cashSlips).set({ status: 'DELETED' }).where(eq(cashSlips.id, slip.id));
  return { id: slip.id };
}

/**
 * The sandbox store's cash payment of a slip: the ledger transaction (COMPLETE, TYPE_LOADHUB_CASH, allocated oldest
 * first) and the slip marked PAID, in one database transaction; a slip is paid once.
 */
export async function paySlipAtStore(ctx: AppContext, token: string): Promise<TransactionRow> {
  return ctx.db.transaction(async (tx) => {
    const [slip] = await tx.select().from(cashSlips).where(eq(cashSlips.token, token)).for('update').limit(1);
    if (slip?.status !== 'ACTIVE' || !slip.billingAccountId) throw AppError.notFound('Cash slip');
    const lease = await loadPaymentLease(tx, slip.userId, slip.billingAccountId);
    const charges = await lockOpenCharges(tx, lease.id);
    const row = await postPayment(tx, {
      // The slip's cash carries no fee.
      ...paymentOn(lease, calculateFee(slip.amount, null)),
      paymentProviderId: `loadhub_${slip.token.slice(-6)}`,
      status: 'COMPLETE',
      paymentMethodType: TYPE,
      idempotencyKey: `cash-slip:${slip.id}`,
      allocate: { amountCents: slip.amount },
      openCharges: charges,
    });
    await tx.update(cashSlips).set({ status: 'PAID' }).where(eq(cashSlips.id, slip.id));
    return row;
  });
}
