// After the payment recovery (services/payments/recover-payments.ts) settled an application fee left INPROCESS by a
// crash, the application is still IN_PROGRESS: the recovery reads only the ledger. This finishes such applications
// (fee COMPLETE or PENDING, every asked field still answered) as the submit would have: PENDING, submittedAt, the fee
// transaction, then the screenings. Meant for the job right after recoverPayments; the tenant's next submit does the same.
import { applicationSubmitIssues } from '@portal/domain/application-form';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { leaseApplications, paymentTransactions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { totalCentsOf } from '../payments/ledger.ts';
import { todayOf } from '../payments/payment-context.ts';
import { startScreenings } from '../screening/start-screenings.ts';
import { loadPageByName, pageLikeOf } from './application-record.ts';
import { draftOfRow, OPEN_STATUSES, RECORD_TYPE } from './save-application.ts';
import { APPLICATION_BILLING_TYPE } from './submit-application.ts';

export interface FinishedApplications {
  finished: string[];
  /** Paid, but an answer is missing now (changed after the fee): left for the tenant's submit. */
  incomplete: string[];
}

export async function finishPaidApplications(ctx: AppContext): Promise<FinishedApplications> {
  const paid = await ctx.db
    .selectDistinct({ id: leaseApplications.id })
    .from(leaseApplications)
    .innerJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.billingAccountId, leaseApplications.id),
        eq(paymentTransactions.billingAccountType, APPLICATION_BILLING_TYPE),
        inArray(paymentTransactions.status, ['COMPLETE', 'PENDING']),
      ),
    )
    .where(and(inArray(leaseApplications.status, [...OPEN_STATUSES]), isNull(leaseApplications.deletedAt)));
  const report: FinishedApplications = { finished: [], incomplete: [] };
  for (const { id } of paid) {
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(leaseApplications).where(eq(leaseApplications.id, id)).for('update');
      if (!row || !OPEN_STATUSES.includes(row.status)) return null;
      const page = await loadPageByName(tx, row.pageName);
      if (applicationSubmitIssues(draftOfRow(row), pageLikeOf(page), { today: todayOf(ctx.now()) }).length > 0) return false;
      const [fee] = await tx
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.billingAccountId, id),
            eq(paymentTransactions.billingAccountType, APPLICATION_BILLING_TYPE),
            inArray(paymentTransactions.status, ['COMPLETE', 'PENDING']),
          ),
        )
        .limit(1);
      if (!fee) return null;
      const now = ctx.now().toISOString();
      await tx
        .update(leaseApplications)
        .set({
          status: 'PENDING',
          submittedAt: now,
          updatedAt: now,
          feeTransactionId: fee.id,
          feeAmount: totalCentsOf(fee),
        })
        .where(eq(leaseApplications.id, id));
      await recordAudit(tx, {
        recordType: RECORD_TYPE,
        recordId: id,
        action: 'UPDATE',
        changes: { status: { from: row.status, to: 'PENDING' }, feeTransactionId: { from: null, to: fee.id } },
        actor: { id: null, type: 'SYSTEM' },
      });
      return true;
    });
    if (done === true) {
      report.finished.push(id);
      await startScreenings(ctx, id).catch(() => undefined);
    } else if (done === false) report.incomplete.push(id);
  }
  return report;
}
