// The insurance policy as the calls answer it (the search registry's insurance_policy record, spec 2 §3), and the
// caller's policy row for a change (another tenant's policy answers like a missing one: 404).
import type { InsurancePolicyRecord } from '@portal/domain/insurance-shapes';
import type { ServiceLease } from '@portal/domain/service-availability';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { insurancePolicies } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../search/caller.ts';
import { RECORD_TYPES } from '../search/registry.ts';
import { findRecord, searchRecords } from '../search/search-records.ts';

export type PolicyRow = typeof insurancePolicies.$inferSelect;

export const policyNotFound = () => AppError.notFound('Insurance policy');

export async function policyRecord(ctx: AppContext, caller: Caller, id: string): Promise<InsurancePolicyRecord> {
  const record = await findRecord(ctx, caller, RECORD_TYPES.insurance_policy, id);
  if (!record) throw policyNotFound();
  return record as unknown as InsurancePolicyRecord;
}

/** The caller's policy, locked for the rest of the transaction (a tenant: their own only; an admin: any). */
export async function lockPolicy(tx: Executor, caller: Caller, id: string): Promise<PolicyRow> {
  const scope: SQL[] = [eq(insurancePolicies.id, id)];
  if (caller.role === 'tenant') scope.push(eq(insurancePolicies.userId, caller.id));
  const [row] = await tx
    .select()
    .from(insurancePolicies)
    .where(and(...scope))
    .for('update');
  if (!row) throw policyNotFound();
  return row;
}

/** The tenant's lease with the joins serviceAvailability reads (the lease search's), or 404. */
export async function loadServiceLease(ctx: AppContext, customerId: string, leaseId: string): Promise<ServiceLease> {
  const page = await searchRecords(ctx, { role: 'tenant', id: customerId }, RECORD_TYPES.property_lease, {
    conditions: [{ field: 'id', operator: 'EQUALS', value: leaseId }],
    joins: ['property', 'company', 'parentCompany'],
    page: 1,
    recordsPerPage: 1,
  });
  const lease = page.records[0];
  if (!lease) throw AppError.onField('leaseId', 'Lease not found', { errorCode: 'RM_ERROR_RECORD_NOT_FOUND' });
  return lease as unknown as ServiceLease;
}

/** The policy's fields an audit event keeps (no document bytes, nothing secret). */
export function policyAuditFields(row: Partial<PolicyRow>) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}
