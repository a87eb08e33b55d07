// POST /savelist (spec 2 §7 "Recurring schedules", §2 add-charges section): the charges the tenant chose for the
// autopay of leases whose company does not manage balances (manageBalance NO). The lease's requireAutoPay is the
// manager's: the body's `requireAutoPay: false` is accepted as the specification sends it and changes nothing.
import type { SaveListAnswer, SaveListBody, saveListBodySchema } from '@portal/domain/autopay-shapes';
import { fromCents } from '@portal/domain/money';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type ChargeLine, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { type AutopayLease, loadAutopayLease, requireAutopayCharges, requireAutopaySavable } from './schedule-rules.ts';

type Body = z.output<typeof saveListBodySchema>;

export async function saveChargeList(
  ctx: AppContext,
  input: { customerId: string; actor: Actor; body: Body | SaveListBody },
): Promise<SaveListAnswer> {
  const accounts = input.body.billingAccounts;
  if (new Set(accounts.map((a) => a.id)).size !== accounts.length)
    throw AppError.onField('billingAccounts', 'server.autopay.duplicateLease');
  // Every lease checked before any is written (all or nothing).
  const planned: { lease: AutopayLease; charges: ChargeLine[] }[] = [];
  for (const [i, account] of accounts.entries()) {
    const lease = await loadAutopayLease(ctx.db, input.customerId, account.id);
    requireAutopaySavable(lease);
    planned.push({ lease, charges: requireAutopayCharges(lease, account.charges, `billingAccounts.${i}.charges`) });
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const out: SaveListAnswer['billingAccounts'] = [];
    for (const { lease, charges } of planned) {
      const [row] = await tx
        .update(propertyLeases)
        .set({ charges, updatedAt: sql`now()` })
        .where(eq(propertyLeases.id, lease.id))
        .returning({ id: propertyLeases.id, charges: propertyLeases.charges, requireAutoPay: propertyLeases.requireAutoPay });
      await recordAudit(tx, {
        recordType: 'property_lease',
        recordId: lease.id,
        action: 'UPDATE',
        changes: diffRecords({ charges: lease.charges }, { charges: row.charges }),
        actor: input.actor,
      });
      out.push({
        id: row.id,
        type: 'TYPE_PROPERTY_LEASE',
        charges: row.charges.map((c) => ({ ...c, amount: fromCents(c.amount) })),
        requireAutoPay: row.requireAutoPay,
      });
    }
    return out;
  });
  return { billingAccounts: saved };
}
