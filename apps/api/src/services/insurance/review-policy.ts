// A property manager of the policy's lease company, or the provider's admin, reviews a tenant-uploaded policy (spec 2
// §4: "{status} by Property Manager" with the comment as a tooltip; issue 23: the approvals inbox): approve or reject
// with a comment. A manager sees and reviews their company's policies only (another company's: 404). The tenant is told
// through the notification outbox (portal + e-mail, in their language), in the same transaction.
import type { AdminInsurancePolicy, InsurancePolicyRecord, ReviewInsurancePolicyBody } from '@portal/domain/insurance-shapes';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customers, insurancePolicies, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { insertNotification } from '../notifications/notify.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';
import { RECORD_TYPES } from '../search/registry.ts';
import { searchRecords } from '../search/search-records.ts';
import { lockPolicy, policyRecord } from './policy-record.ts';

export async function reviewInsurancePolicy(
  ctx: AppContext,
  caller: ConsoleCaller,
  actor: Actor,
  id: string,
  body: ReviewInsurancePolicyBody,
): Promise<InsurancePolicyRecord> {
  const now = ctx.now();
  const comment = body.comment?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    const row = await lockPolicy(tx, caller, id);
    const [scope] = await tx
      .select({ companyId: propertyLeases.companyId })
      .from(propertyLeases)
      .where(eq(propertyLeases.id, row.leaseId));
    requireCompanyScope(caller, scope?.companyId, 'Insurance policy');
    if (row.status === 'CANCELLED' || row.insuranceTerminated)
      throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.insurance.terminated');
    await tx
      .update(insurancePolicies)
      .set({
        approvalStatus: body.approvalStatus,
        approvalStatusComment: comment,
        reviewedAt: now.toISOString(),
        reviewedBy: caller.id,
        updatedAt: now.toISOString(),
      })
      .where(eq(insurancePolicies.id, row.id));
    await recordAudit(tx, {
      recordType: 'insurance_policy',
      recordId: row.id,
      action: 'REVIEW',
      changes: {
        approvalStatus: { from: row.approvalStatus, to: body.approvalStatus },
        approvalStatusComment: { from: row.approvalStatusComment, to: comment },
      },
      actor,
    });
    const [lease] = await tx
      .select({ propertyName: properties.propertyName })
      .from(propertyLeases)
      .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
      .where(eq(propertyLeases.id, row.leaseId));
    await insertNotification(tx, {
      userId: row.userId,
      billingAccountId: row.leaseId,
      kind: body.approvalStatus === 'APPROVED' ? 'INSURANCE_APPROVED' : 'INSURANCE_REJECTED',
      params: { policyId: row.id, number: row.policyIdentifier, propertyName: lease?.propertyName ?? null, comment },
      // each review tells once (a second review of the same policy is news again)
      dedupeKey: `insurance-review:${row.id}:${now.toISOString()}`,
      createdAt: now,
    });
  });
  return policyRecord(ctx, caller, id);
}

/** The live policies with an approval status (PENDING by default), newest first, with their tenant and property. */
export async function listPoliciesForReview(
  ctx: AppContext,
  caller: ConsoleCaller,
  query: { status: string; page: number; recordsPerPage: number },
): Promise<{ records: AdminInsurancePolicy[]; totalPages: number; totalRecords: number; page: number }> {
  const page = await searchRecords(ctx, caller, RECORD_TYPES.insurance_policy, {
    conditions: [
      { field: 'approvalStatus', operator: 'EQUALS', value: query.status },
      { field: 'status', operator: 'NOT_EQUALS', value: 'CANCELLED' },
    ],
    joins: [],
    page: query.page,
    recordsPerPage: query.recordsPerPage,
  });
  const policies = page.records as unknown as InsurancePolicyRecord[];
  const leaseIds = [...new Set(policies.map((p) => p.leaseId))];
  const rows = leaseIds.length
    ? await ctx.db
        .select({
          leaseId: propertyLeases.id,
          unit: propertyLeases.unit,
          propertyName: properties.propertyName,
          city: properties.city,
          province: properties.province,
          tenantId: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
        })
        .from(propertyLeases)
        .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
        .innerJoin(customers, eq(customers.id, propertyLeases.userId))
        .where(inArray(propertyLeases.id, leaseIds))
    : [];
  const byLease = new Map(rows.map((r) => [r.leaseId, r]));
  const records = policies.flatMap((policy) => {
    const r = byLease.get(policy.leaseId);
    if (!r) return [];
    return [
      {
        policy,
        tenant: { id: r.tenantId, firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.email },
        property: { propertyName: r.propertyName, city: r.city, province: r.province, unit: r.unit },
      },
    ];
  });
  return { records, totalPages: page.totalPages, totalRecords: page.totalRecords, page: page.page };
}
