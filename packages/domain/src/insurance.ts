import type { InsurancePartner } from './entities.ts';
import { type MessageKey, MSG } from './message-keys.ts';
import { fail, OK, type RuleResult } from './rule.ts';

// Insurance rules of spec 2 §4, §5 and §9.

// spec 2 §4: insurance options are available only when the lease status is ACTIVE
export function areInsuranceOptionsAvailable(leaseStatus: string | null | undefined): boolean {
  return leaseStatus === 'ACTIVE';
}

/**
 * spec 2 §9: partner availability. The partners are named in the contract's order (spec 2 §3:
 * NUERA, MELLO, APOLLO), so NUERA is "the first partner" (Canada only, BC AB MB ON SK),
 * MELLO "the second" (BC AB MB ON) and APOLLO "the third" (anywhere except the US and Quebec).
 */
export const INSURANCE_PARTNER_RULES: Record<
  InsurancePartner,
  { countries: readonly string[] | null; provinces: readonly string[] | null; excluded: readonly string[] }
> = {
  NUERA: { countries: ['CA'], provinces: ['BC', 'AB', 'MB', 'ON', 'SK'], excluded: [] },
  MELLO: { countries: ['CA'], provinces: ['BC', 'AB', 'MB', 'ON'], excluded: [] },
  APOLLO: { countries: null, provinces: null, excluded: ['US', 'QC'] },
};

// spec 2 §9: is a quote partner available for the property's country and province
export function isInsurancePartnerAvailable(
  partner: InsurancePartner,
  country: string | null | undefined,
  province: string | null | undefined,
): boolean {
  const rule = INSURANCE_PARTNER_RULES[partner];
  const c = (country ?? '').toUpperCase();
  const p = (province ?? '').toUpperCase();
  if (rule.excluded.includes(c) || (c === 'CA' && rule.excluded.includes(p))) return false;
  if (rule.countries && !rule.countries.includes(c)) return false;
  if (rule.provinces && !rule.provinces.includes(p)) return false;
  return true;
}

// spec 2 §9: the partners available for a property (the property's integration flags may switch more off)
export function availableInsurancePartners(
  country: string | null | undefined,
  province: string | null | undefined,
  enabled?: Partial<Record<InsurancePartner, boolean>> | null,
): InsurancePartner[] {
  return (Object.keys(INSURANCE_PARTNER_RULES) as InsurancePartner[]).filter(
    (p) => isInsurancePartnerAvailable(p, country, province) && (enabled == null || enabled[p] === true),
  );
}

// spec 2 §5: postal codes of 6 characters in Canada are split 3+3 for quotes
export function splitPostalCodeForQuote(
  postalCode: string | null | undefined,
  country: string | null | undefined,
): [string, string] | null {
  const compact = (postalCode ?? '').replace(/\s/g, '').toUpperCase();
  if (country !== 'CA' || compact.length !== 6) return null;
  return [compact.slice(0, 3), compact.slice(3)];
}

// spec 2 §7: the fixed quote parameters
export const INSURANCE_QUOTE_PARAMETERS = {
  contentsLimit: 30000,
  deductible: 2500,
  liability: 1000000,
  dwellingType: 2,
  earthquake: false,
  sewerBackup: false,
  defaultDateOfBirth: '01-Jan-2000',
} as const;

// spec 2 §5: the start date must not be after the end date or the effective date ('YYYY-MM-DD')
export function validateInsuranceDates(input: {
  startDate?: string | null;
  endDate?: string | null;
  effectiveDate?: string | null;
}): RuleResult {
  const start = input.startDate?.slice(0, 10);
  if (!start) return fail(MSG.requiredField);
  if (input.endDate && start > input.endDate.slice(0, 10)) return fail(MSG.insuranceDateOrder);
  if (input.effectiveDate && start > input.effectiveDate.slice(0, 10)) return fail(MSG.insuranceDateOrder);
  return OK;
}

// spec 2 §5: an update needs first name, last name and carrier
export function validateInsuranceUpdate(input: {
  firstName?: string | null;
  lastName?: string | null;
  carrierName?: string | null;
}): RuleResult {
  const blank = (v: string | null | undefined) => !v || v.trim() === '';
  return blank(input.firstName) || blank(input.lastName) || blank(input.carrierName) ? fail(MSG.insuranceNamesRequired) : OK;
}

// spec 2 §5: the policy number must be unique per lease
export function isPolicyNumberUnique(
  policyIdentifier: string,
  leaseId: string,
  existing: readonly { id?: string | null; policyIdentifier?: string | null; leaseId?: string | null }[],
  selfId?: string | null,
): boolean {
  const wanted = policyIdentifier.trim().toLowerCase();
  return !existing.some(
    (p) =>
      p.leaseId === leaseId && (p.policyIdentifier ?? '').trim().toLowerCase() === wanted && (selfId == null || p.id !== selfId),
  );
}

// spec 2 §4: an external policy is created with approvalStatus PENDING and status NEW
export function newExternalPolicyStatus(): { approvalStatus: 'PENDING'; status: 'NEW'; policyProvider: 'TENANT_UPLOAD' } {
  return { approvalStatus: 'PENDING', status: 'NEW', policyProvider: 'TENANT_UPLOAD' };
}

// spec 2 §4: an edit sets status CHANGED; termination sets CANCELLED (irreversible)
export function nextInsuranceStatus(current: string | null | undefined, action: 'edit' | 'terminate'): 'CHANGED' | 'CANCELLED' {
  if (current === 'CANCELLED') throw new RangeError('A terminated insurance policy cannot change');
  return action === 'edit' ? 'CHANGED' : 'CANCELLED';
}

// spec 2 §4: terminate is offered only for tenant-uploaded policies not yet terminated
export function canTerminateInsurance(policy: {
  policyProvider?: string | null;
  status?: string | null;
  insuranceTerminated?: boolean | null;
}): boolean {
  return policy.policyProvider === 'TENANT_UPLOAD' && policy.status !== 'CANCELLED' && !policy.insuranceTerminated;
}

export interface InsuranceStatusDisplay {
  key: MessageKey;
  values?: { status: string };
  /** approvalStatusComment shown as a tooltip. */
  tooltip: string | null;
}

// spec 2 §4: approvalStatus PENDING shows "pending approval by manager", otherwise "{status} by Property Manager" with the comment as tooltip
export function insuranceStatusDisplay(policy: {
  approvalStatus?: string | null;
  approvalStatusComment?: string | null;
}): InsuranceStatusDisplay {
  if (!policy.approvalStatus || policy.approvalStatus === 'PENDING') return { key: MSG.insurancePendingApproval, tooltip: null };
  const status = policy.approvalStatus.charAt(0) + policy.approvalStatus.slice(1).toLowerCase();
  return { key: MSG.insuranceStatusByManager, values: { status }, tooltip: policy.approvalStatusComment ?? null };
}
