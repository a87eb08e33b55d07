// The server's side of the insurance rules (spec 2 §4, §5): the lease must offer the upload option, the policy number
// is unique per lease (case-insensitive), a terminated policy never changes, partner policies are the partner's.
import { isPolicyNumberUnique } from '@portal/domain/insurance';
import { serviceAvailability } from '@portal/domain/service-availability';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { insurancePolicies } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../payment-methods/create-context.ts';
import { loadServiceLease, type PolicyRow } from './policy-record.ts';

export const POLICY_UNIQUE_INDEX = 'insurance_policies_lease_policy_uq';

export const policyExists = () =>
  AppError.onField('policyIdentifier', 'server.insurance.policyExists', { errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST' });

/** spec 2 §4: options only on an ACTIVE lease whose property offers the upload option (serviceAvailability). */
export async function requireUploadOffered(ctx: AppContext, customerId: string, leaseId: string): Promise<void> {
  const lease = await loadServiceLease(ctx, customerId, leaseId);
  if (lease.status !== 'ACTIVE')
    throw AppError.onField('leaseId', 'server.insurance.leaseNotActive', { errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED' });
  if (!serviceAvailability(lease).insuranceUpload)
    throw AppError.onField('leaseId', 'server.insurance.uploadNotOffered', { errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED' });
}

/**
 * spec 2 §5: the policy number is unique per lease, whatever its case. One writer per lease at a time past this point
 * (an advisory lock for the transaction), so two saves at once cannot both pass the check; the unique index stays the
 * last word for the exact spelling.
 */
export async function requireUniquePolicyNumber(
  tx: Executor,
  leaseId: string,
  policyIdentifier: string,
  selfId?: string,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`insurance:${leaseId}`}))`);
  const existing = await tx
    .select({
      id: insurancePolicies.id,
      policyIdentifier: insurancePolicies.policyIdentifier,
      leaseId: insurancePolicies.leaseId,
    })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.leaseId, leaseId));
  if (!isPolicyNumberUnique(policyIdentifier, leaseId, existing, selfId)) throw policyExists();
}

/** A unique-index violation on the policy number answered as the spec's error (spec 2 §8). */
export function asPolicyExists(err: unknown): unknown {
  return isUniqueViolation(err, POLICY_UNIQUE_INDEX) ? policyExists() : err;
}

/** spec 2 §4: termination is irreversible: a CANCELLED policy cannot change. Partner policies are the partner's. */
export function requireChangeable(row: PolicyRow, action: 'edit' | 'terminate'): void {
  if (row.status === 'CANCELLED' || row.insuranceTerminated)
    throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.insurance.terminated');
  if (row.policyProvider !== 'TENANT_UPLOAD')
    throw new AppError(
      'RM_ERROR_RECORD_LOCKED',
      action === 'terminate' ? 'server.insurance.partnerNoTerminate' : 'server.insurance.partnerNoEdit',
    );
}
