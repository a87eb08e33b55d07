// Issue 23 "Charges": a manager's credit is a ledger transaction (transactionType CREDIT, COMPLETE, no processor) that
// pays the lease's open charges oldest first like a payment (domain/ledger.ts allocatePayment); what it cannot pay yet
// stays the lease's unapplied credit, given to the next charges posted (the monthly posting, a one-off charge). The
// credit itself is never edited: later uses are new charge_allocations rows, so releaseAllocations and the balances
// keep one rule (balance = amount less the allocations of standing transactions). Everything runs in the caller's
// transaction, which holds the lease row's lock (lockLease) so two posts on one lease never allocate the same cents.
import { allocatePayment } from '@portal/domain/ledger';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargeAllocations, openCharges, paymentTransactions, propertyLeases } from '../../db/schema.ts';
import { type LockedCharge, lockOpenCharges, newConfirmationId, type TransactionRow } from './ledger.ts';

/** The lease's row, locked until the transaction ends (every writer of a lease's charges and credits takes it first). */
export async function lockLease(tx: Executor, leaseId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: propertyLeases.id })
    .from(propertyLeases)
    .where(eq(propertyLeases.id, leaseId))
    .for('update');
  return rows.length > 0;
}

export interface CreditLease {
  id: string;
  userId: string | null;
  propertyId: string;
  companyId: string;
  currency: 'CAD' | 'USD';
}

export interface NewCredit {
  lease: CreditLease;
  amountCents: number;
  code: string;
  name: string;
  description: string | null;
  /** The manager or admin who posted it (the transaction's user while the lease has no tenant yet). */
  createdBy: { id: string; type: string };
  createDate: string;
}

/** Allocations of `amountCents` over the locked charges, oldest first, and what is left. */
function allocate(charges: readonly LockedCharge[], amountCents: number) {
  const { allocations, unallocatedCents } = allocatePayment(charges, { amountCents });
  const byId = new Map(charges.map((c) => [c.id, c]));
  return {
    unallocatedCents,
    allocations: allocations.map((a) => ({ charge: byId.get(a.openChargeId) as LockedCharge, amountCents: a.amountCents })),
  };
}

async function allocateTo(
  tx: Executor,
  transactionId: string,
  allocations: readonly { charge: LockedCharge; amountCents: number }[],
) {
  for (const a of allocations) {
    // A credit may meet the same charge again after a failed payment gave its cents back: one row per pair, summed.
    await tx
      .insert(chargeAllocations)
      .values({ transactionId, openChargeId: a.charge.id, amount: a.amountCents })
      .onConflictDoUpdate({
        target: [chargeAllocations.transactionId, chargeAllocations.openChargeId],
        set: { amount: sql`${chargeAllocations.amount} + excluded.amount` },
      });
    await tx
      .update(openCharges)
      .set({ balance: sql`${openCharges.balance} - ${a.amountCents}` })
      .where(eq(openCharges.id, a.charge.id));
  }
}

/**
 * Records a credit on the lease (the caller holds the lease's lock) and allocates it to the open charges, oldest first.
 * Returns the transaction and the cents left unapplied.
 */
export async function postCredit(tx: Executor, c: NewCredit): Promise<{ transaction: TransactionRow; unappliedCents: number }> {
  const charges = await lockOpenCharges(tx, c.lease.id);
  const { allocations, unallocatedCents } = allocate(charges, c.amountCents);
  const lines = allocations.map((a) => ({ code: a.charge.code ?? 'other', name: a.charge.name, amount: a.amountCents }));
  if (unallocatedCents > 0) lines.push({ code: c.code, name: c.name, amount: unallocatedCents });
  const [transaction] = await tx
    .insert(paymentTransactions)
    .values({
      userId: c.lease.userId ?? c.createdBy.id,
      userType: c.lease.userId ? 'TYPE_CUSTOMER' : c.createdBy.type,
      billingAccountId: c.lease.id,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      propertyId: c.lease.propertyId,
      companyId: c.lease.companyId,
      amount: c.amountCents,
      currency: c.lease.currency,
      status: 'COMPLETE',
      transactionType: 'CREDIT',
      confirmationId: newConfirmationId(),
      feeAmount: 0,
      charges: lines,
      note: c.description,
      actedBy: c.createdBy.id,
      createDate: c.createDate,
    })
    .returning();
  await allocateTo(tx, transaction.id, allocations);
  return { transaction, unappliedCents: unallocatedCents };
}

/** The lease's COMPLETE credits with cents not yet allocated, oldest first. */
async function creditsWithRoom(tx: Executor, leaseId: string): Promise<{ id: string; leftCents: number }[]> {
  const allocated = sql<number>`coalesce((SELECT sum(${chargeAllocations.amount}) FROM ${chargeAllocations}
    WHERE ${chargeAllocations.transactionId} = ${paymentTransactions.id}), 0)`;
  const rows = await tx
    .select({ id: paymentTransactions.id, amount: paymentTransactions.amount, allocated })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.billingAccountId, leaseId),
        eq(paymentTransactions.transactionType, 'CREDIT'),
        eq(paymentTransactions.status, 'COMPLETE'),
      ),
    )
    .orderBy(asc(paymentTransactions.createDate), asc(paymentTransactions.id));
  return rows.map((r) => ({ id: r.id, leftCents: r.amount - Number(r.allocated) })).filter((r) => r.leftCents > 0);
}

/** The lease's unapplied credit in cents (what its credits have not paid yet). */
export async function unappliedCreditCents(tx: Executor, leaseId: string): Promise<number> {
  return (await creditsWithRoom(tx, leaseId)).reduce((s, r) => s + r.leftCents, 0);
}

/**
 * Gives the lease's unapplied credits to its open charges, oldest credit to oldest charge (the caller holds the lease's
 * lock). Returns the cents applied.
 */
export async function applyUnappliedCredits(tx: Executor, leaseId: string): Promise<number> {
  const credits = await creditsWithRoom(tx, leaseId);
  if (credits.length === 0) return 0;
  let charges = await lockOpenCharges(tx, leaseId);
  let applied = 0;
  for (const credit of credits) {
    if (charges.length === 0) break;
    const { allocations } = allocate(charges, credit.leftCents);
    if (allocations.length === 0) continue;
    await allocateTo(tx, credit.id, allocations);
    const paid = new Map(allocations.map((a) => [a.charge.id, a.amountCents]));
    charges = charges
      .map((c) => ({ ...c, balanceCents: c.balanceCents - (paid.get(c.id) ?? 0) }))
      .filter((c) => c.balanceCents > 0);
    applied += allocations.reduce((s, a) => s + a.amountCents, 0);
  }
  return applied;
}
