// DELETE /lease_application/{id}/delete (docs/api-contract.md "Lease applications (issue 11)"; spec 2 §2 delete
// confirmation): NOT_STARTED / IN_PROGRESS are deleted; DECLINED and CANCELLED are hidden from the tenant (kept for the
// manager and the ledger); PENDING (under review) and APPROVED (already a lease) → 409 RM_ERROR_APPLICATION_LOCKED.
// An open application that something refers to (a refused fee attempt in the ledger, a screening) is hidden rather
// than removed, so the ledger never points at nothing; one whose fee payment is still in flight is locked.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { incomeVerifications, leaseApplications, paymentTransactions, screenings } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { loadOwnApplication } from './application-record.ts';
import { OPEN_STATUSES, RECORD_TYPE } from './save-application.ts';

const HIDDEN_ON_DELETE: readonly string[] = ['DECLINED', 'CANCELLED'];

/** 409: under review or already a lease (or its fee payment is in flight). */
export function applicationLocked(): AppError {
  return new AppError('RM_ERROR_APPLICATION_LOCKED', 'server.applications.locked', { statusCode: 409 });
}

export async function deleteApplication(
  ctx: AppContext,
  input: { customerId: string; actor: Actor; id: string },
): Promise<{ id: string }> {
  await ctx.db.transaction(async (tx) => {
    const row = await loadOwnApplication(tx, input.customerId, input.id, { forUpdate: true });
    const open = OPEN_STATUSES.includes(row.status);
    if (!open && !HIDDEN_ON_DELETE.includes(row.status)) throw applicationLocked();
    const fees = await tx
      .select({ status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.billingAccountId, row.id),
          eq(paymentTransactions.billingAccountType, 'TYPE_LEASE_APPLICATION'),
        ),
      );
    if (fees.some((f) => f.status === 'INPROCESS')) throw applicationLocked();
    const [screening] = await tx
      .select({ id: screenings.id })
      .from(screenings)
      .where(eq(screenings.applicationId, row.id))
      .limit(1);
    const [income] = await tx
      .select({ id: incomeVerifications.id })
      .from(incomeVerifications)
      .where(eq(incomeVerifications.applicationId, row.id))
      .limit(1);
    const referred = fees.length > 0 || !!screening || !!income;
    const hide = !open || referred;
    if (hide) {
      await tx
        .update(leaseApplications)
        .set({ deletedAt: ctx.now().toISOString(), updatedAt: ctx.now().toISOString() })
        .where(eq(leaseApplications.id, row.id));
    } else {
      await tx.delete(leaseApplications).where(eq(leaseApplications.id, row.id));
    }
    await recordAudit(tx, {
      recordType: RECORD_TYPE,
      recordId: row.id,
      action: 'DELETE',
      changes: {
        customerId: { from: row.customerId, to: null },
        status: { from: row.status, to: row.status },
        hidden: { from: false, to: hide },
      },
      actor: input.actor,
    });
  });
  return { id: input.id };
}
