// spec 2 §7: POST /create with type TYPE_INSURANCE_POLICY: the tenant's existing (external) policy for an ACTIVE
// lease whose property offers the upload option; created PENDING / NEW / TENANT_UPLOAD (spec 2 §4), its proof document
// uploaded next (POST /INSURANCE_POLICY/{id}/upload).
import { newExternalPolicyStatus } from '@portal/domain/insurance';
import type { CreateInsurancePolicyBody, InsurancePolicyRecord } from '@portal/domain/insurance-shapes';
import { insurancePolicies } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CreateContext, Created } from '../payment-methods/create-context.ts';
import { policyAuditFields, policyRecord } from './policy-record.ts';
import { asPolicyExists, requireUniquePolicyNumber, requireUploadOffered } from './policy-rules.ts';

export async function createInsurancePolicy(
  c: CreateContext,
  body: CreateInsurancePolicyBody,
): Promise<Created<InsurancePolicyRecord>> {
  const { ctx, customerId, actor } = c;
  await requireUploadOffered(ctx, customerId, body.leaseId);
  const now = ctx.now().toISOString();
  const id = await ctx.db
    .transaction(async (tx) => {
      await requireUniquePolicyNumber(tx, body.leaseId, body.policyIdentifier);
      const [row] = await tx
        .insert(insurancePolicies)
        .values({
          userId: customerId,
          leaseId: body.leaseId,
          carrierName: body.carrierName,
          firstName: body.firstName,
          lastName: body.lastName,
          startDate: body.startDate,
          endDate: body.endDate,
          effectiveDate: body.effectiveDate ?? null,
          policyIdentifier: body.policyIdentifier,
          ...newExternalPolicyStatus(),
          insuranceExternal: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        recordType: 'insurance_policy',
        recordId: row.id,
        action: 'CREATE',
        changes: policyAuditFields(row),
        actor,
      });
      return row.id;
    })
    .catch((err: unknown) => {
      throw asPolicyExists(err);
    });
  return { status: 201, record: await policyRecord(ctx, { role: 'tenant', id: customerId }, id) };
}
