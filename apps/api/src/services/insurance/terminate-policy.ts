// Terminating an external insurance (spec 2 §7: "path not shown"; ours is POST /INSURANCE_POLICY/{id}/terminate):
// status CANCELLED, insuranceTerminated, terminatedAt; irreversible (spec 2 §4). Only the tenant's own uploaded policy
// (canTerminateInsurance): a partner policy is ended with the partner, so it is refused with a message saying so.
import type { InsurancePolicyRecord } from '@portal/domain/insurance-shapes';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { insurancePolicies } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { lockPolicy, policyRecord } from './policy-record.ts';
import { requireChangeable } from './policy-rules.ts';

export async function terminateInsurancePolicy(
  ctx: AppContext,
  customerId: string,
  actor: Actor,
  id: string,
): Promise<InsurancePolicyRecord> {
  const caller = { role: 'tenant' as const, id: customerId };
  const now = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    const row = await lockPolicy(tx, caller, id);
    requireChangeable(row, 'terminate');
    await tx
      .update(insurancePolicies)
      .set({ status: 'CANCELLED', insuranceTerminated: true, terminatedAt: now, updatedAt: now })
      .where(eq(insurancePolicies.id, row.id));
    await recordAudit(tx, {
      recordType: 'insurance_policy',
      recordId: row.id,
      action: 'TERMINATE',
      changes: {
        status: { from: row.status, to: 'CANCELLED' },
        insuranceTerminated: { from: false, to: true },
        terminatedAt: { from: null, to: now },
      },
      actor,
    });
  });
  return policyRecord(ctx, caller, id);
}
