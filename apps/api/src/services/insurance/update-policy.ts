// spec 2 §7: PATCH /INSURANCE_POLICY/{id}/update: the tenant edits their uploaded policy → status CHANGED (spec 2 §4).
// The fields sent replace the policy's; the result needs first name, last name and carrier and its dates in order
// (spec 2 §5), and its policy number stays unique per lease. A changed policy is a new claim for the manager to check:
// approval goes back to PENDING (the earlier review, its comment and reviewer, are cleared; the audit trail keeps them).
import { validateInsuranceDates, validateInsuranceUpdate } from '@portal/domain/insurance';
import type { InsurancePolicyRecord, UpdateInsurancePolicyBody } from '@portal/domain/insurance-shapes';
import { MSG } from '@portal/domain/message-keys';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { insurancePolicies } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { lockPolicy, policyAuditFields, policyRecord } from './policy-record.ts';
import { asPolicyExists, requireChangeable, requireUniquePolicyNumber } from './policy-rules.ts';

export async function updateInsurancePolicy(
  ctx: AppContext,
  customerId: string,
  actor: Actor,
  id: string,
  body: UpdateInsurancePolicyBody,
): Promise<InsurancePolicyRecord> {
  const caller = { role: 'tenant' as const, id: customerId };
  const now = ctx.now().toISOString();
  await ctx.db
    .transaction(async (tx) => {
      const row = await lockPolicy(tx, caller, id);
      requireChangeable(row, 'edit');
      const merged = {
        carrierName: body.carrierName ?? row.carrierName,
        firstName: body.firstName ?? row.firstName,
        lastName: body.lastName ?? row.lastName,
        startDate: body.startDate ?? row.startDate,
        endDate: body.endDate ?? row.endDate,
        effectiveDate: body.effectiveDate === undefined ? row.effectiveDate : body.effectiveDate,
        policyIdentifier: body.policyIdentifier ?? row.policyIdentifier,
      };
      if (!validateInsuranceUpdate(merged).ok) {
        const missing = (['firstName', 'lastName', 'carrierName'] as const).filter((f) => !merged[f]?.trim());
        throw AppError.validation(
          missing.map((field) => ({ field, message: MSG.insuranceNamesRequired })),
          MSG.insuranceNamesRequired,
        );
      }
      if (!validateInsuranceDates(merged).ok) {
        const field = merged.endDate && merged.startDate && merged.startDate > merged.endDate ? 'endDate' : 'effectiveDate';
        throw AppError.onField(
          merged.startDate ? field : 'startDate',
          merged.startDate ? MSG.insuranceDateOrder : MSG.requiredField,
        );
      }
      if (merged.policyIdentifier.trim().toLowerCase() !== row.policyIdentifier.trim().toLowerCase())
        await requireUniquePolicyNumber(tx, row.leaseId, merged.policyIdentifier, row.id);
      const next = {
        ...merged,
        status: 'CHANGED',
        approvalStatus: 'PENDING',
        approvalStatusComment: null,
        reviewedAt: null,
        reviewedBy: null,
        updatedAt: now,
      };
      await tx.update(insurancePolicies).set(next).where(eq(insurancePolicies.id, row.id));
      await recordAudit(tx, {
        recordType: 'insurance_policy',
        recordId: row.id,
        action: 'UPDATE',
        changes: diffRecords(policyAuditFields(row), policyAuditFields(next)),
        actor,
      });
    })
    .catch((err: unknown) => {
      throw asPolicyExists(err);
    });
  return policyRecord(ctx, caller, id);
}
