// The tenant-uploaded insurance policy calls of spec 2 §7 "Documents and insurance" (issue 22): request bodies and the
// policy record, shared by the API and the web. Dates are 'YYYY-MM-DD' (spec 2 §5 "Date picker": yyyy-mm-dd).
import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';
import { INSURANCE_APPROVAL_STATUSES } from './entities.ts';
import { validateInsuranceDates } from './insurance.ts';
import { MSG } from './message-keys.ts';

/** Bounds of the policy's texts (a carrier's or a person's name, a policy number). */
export const INSURANCE_TEXT_MAX = 100;
export const POLICY_IDENTIFIER_MAX = 64;
export const REVIEW_COMMENT_MAX = 500;

const requiredText = (max: number) =>
  z.string(MSG.requiredField).trim().min(1, MSG.requiredField).max(max, 'server.insurance.tooLong');

const isoDate = z.string(MSG.requiredField).refine(isValidIsoDate, MSG.dateInvalid);

/** spec 2 §5: the start date must not be after the end date or the effective date (named on the later field). */
function datesInOrder(b: { startDate?: string; endDate?: string; effectiveDate?: string | null }, ctx: z.RefinementCtx) {
  if (!b.startDate) return;
  if (!validateInsuranceDates({ startDate: b.startDate, endDate: b.endDate }).ok)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.insuranceDateOrder });
  if (b.effectiveDate && !validateInsuranceDates({ startDate: b.startDate, effectiveDate: b.effectiveDate }).ok)
    ctx.addIssue({ code: 'custom', path: ['effectiveDate'], message: MSG.insuranceDateOrder });
}

const policyFields = {
  carrierName: requiredText(INSURANCE_TEXT_MAX),
  firstName: requiredText(INSURANCE_TEXT_MAX),
  lastName: requiredText(INSURANCE_TEXT_MAX),
  startDate: isoDate,
  endDate: isoDate,
  effectiveDate: isoDate.nullish(),
  policyIdentifier: requiredText(POLICY_IDENTIFIER_MAX),
};

/**
 * spec 2 §7: POST /create with type TYPE_INSURANCE_POLICY: an existing (external) policy the tenant uploads for one
 * of their ACTIVE leases whose property offers the upload option. Answered 201 with approvalStatus PENDING, status NEW.
 */
export const createInsurancePolicyBodySchema = z
  .object({
    type: z.literal('TYPE_INSURANCE_POLICY'),
    userId: z.string().max(64).optional(),
    leaseId: z.string(MSG.requiredField).min(1, MSG.requiredField).max(64),
    ...policyFields,
  })
  .superRefine(datesInOrder);
export type CreateInsurancePolicyBody = z.infer<typeof createInsurancePolicyBodySchema>;

/**
 * spec 2 §7: PATCH /INSURANCE_POLICY/{id}/update: the fields sent replace the policy's; the result must still have
 * first name, last name and carrier (spec 2 §5) and its dates in order (checked on the merged policy by the server).
 */
export const updateInsurancePolicyBodySchema = z
  .strictObject({
    carrierName: policyFields.carrierName.optional(),
    firstName: policyFields.firstName.optional(),
    lastName: policyFields.lastName.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    effectiveDate: isoDate.nullish(),
    policyIdentifier: policyFields.policyIdentifier.optional(),
  })
  .superRefine(datesInOrder);
export type UpdateInsurancePolicyBody = z.infer<typeof updateInsurancePolicyBodySchema>;

/** An admin's review of a policy (a manager's, once the manager's console exists): approve or reject, with a comment. */
export const reviewInsurancePolicyBodySchema = z.strictObject({
  approvalStatus: z.enum(['APPROVED', 'REJECTED']),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, 'server.insurance.tooLong').optional(),
});
export type ReviewInsurancePolicyBody = z.infer<typeof reviewInsurancePolicyBodySchema>;

export const insuranceDocumentSchema = z.object({ id: z.string(), url: z.string(), name: z.string(), size: z.number() });

/** spec 2 §3 "Insurance policy (external)" as POST /INSURANCE_POLICY/search and the insurance calls answer it. */
export const insurancePolicyRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  leaseId: z.string(),
  carrierName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  policyIdentifier: z.string(),
  policyProvider: z.string(),
  status: z.string(),
  approvalStatus: z.string(),
  approvalStatusComment: z.string().nullable(),
  insuranceExternal: z.boolean(),
  insuranceTerminated: z.boolean(),
  /** A partner policy: the partner's page for it, and its monthly cost (a decimal). */
  providerUrl: z.string().nullable(),
  monthlyCost: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  createDate: z.string(),
  documents: z.array(insuranceDocumentSchema),
  joins: z.record(z.string(), z.unknown()).optional(),
});
export type InsurancePolicyRecord = z.infer<typeof insurancePolicyRecordSchema>;

/** A policy awaiting (or past) review, as the admin's list shows it: the policy, its tenant and its property. */
export const adminInsurancePolicySchema = z.object({
  policy: insurancePolicyRecordSchema,
  tenant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  property: z.object({ propertyName: z.string(), city: z.string(), province: z.string(), unit: z.string().nullable() }),
});
export type AdminInsurancePolicy = z.infer<typeof adminInsurancePolicySchema>;

export const INSURANCE_REVIEW_FILTERS = [...INSURANCE_APPROVAL_STATUSES] as const;
