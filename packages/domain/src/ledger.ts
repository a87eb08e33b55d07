// The ledger's allocation rule (issue 8; ARCHITECTURE "Data": every payment is a transaction allocated to open charges):
// a payment pays open charges oldest first (by due date); with charge codes, each code's amount pays that code's open
// charges oldest first. What is left over (an overpayment, where allowed) stays unallocated: a credit on the account.

export interface AllocatableCharge {
  id: string;
  code: string | null;
  dueDate: string;
  /** What is still owed, in cents. */
  balanceCents: number;
}

export interface Allocation {
  openChargeId: string;
  amountCents: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** Paid beyond the open balances (overpayment): not allocated to any charge. */
  unallocatedCents: number;
}

// Same due date: the order given (the caller lists charges as posted); Array.prototype.sort is stable.
const oldestFirst = (a: AllocatableCharge, b: AllocatableCharge) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0);

function allocateAmount(charges: AllocatableCharge[], amountCents: number, out: Map<string, number>): number {
  let left = amountCents;
  for (const c of [...charges].sort(oldestFirst)) {
    if (left <= 0) break;
    const open = c.balanceCents - (out.get(c.id) ?? 0);
    if (open <= 0) continue;
    const take = Math.min(open, left);
    out.set(c.id, (out.get(c.id) ?? 0) + take);
    left -= take;
  }
  return left;
}

/** Splits a payment over open charges, oldest first; the allocations always sum to the amount less the remainder. */
export function allocatePayment(
  openCharges: readonly AllocatableCharge[],
  payment: { amountCents: number } | { charges: readonly { code: string; amountCents: number }[] },
): AllocationResult {
  const out = new Map<string, number>();
  let unallocatedCents = 0;
  if ('amountCents' in payment) {
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents < 0) throw new RangeError('amountCents must be >= 0');
    unallocatedCents = allocateAmount([...openCharges], payment.amountCents, out);
  } else {
    for (const line of payment.charges) {
      if (!Number.isSafeInteger(line.amountCents) || line.amountCents < 0) throw new RangeError('amountCents must be >= 0');
      const sameCode = openCharges.filter((c) => (c.code ?? '').toLowerCase() === line.code.toLowerCase());
      unallocatedCents += allocateAmount(sameCode, line.amountCents, out);
    }
  }
  const order = [...openCharges].sort(oldestFirst).map((c) => c.id);
  const allocations = order
    .filter((id) => (out.get(id) ?? 0) > 0)
    .map((id) => ({ openChargeId: id, amountCents: out.get(id) as number }));
  return { allocations, unallocatedCents };
}
