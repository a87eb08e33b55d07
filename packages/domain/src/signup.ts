import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';
import { RESIDENCY_TYPES } from './entities.ts';
import { MSG } from './message-keys.ts';

// Property self sign-up (lease details) rules of spec 1 §2 and spec 2 §2, §3, §5.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// spec 2 §5: lease start date required; end date not before the start (date picker rule); due day 1..31
export const leaseDetailsSchema = z
  .object({
    propertyId: z.string().optional(),
    accountId: z.string().trim().optional(),
    unit: z.string().trim().optional(),
    residencyType: z.preprocess(blankToUndefined, z.enum(RESIDENCY_TYPES).optional()),
    startDate: z
      .string({ error: MSG.requiredField })
      .trim()
      .min(1, { error: MSG.requiredField, abort: true })
      .refine(isValidIsoDate, { error: MSG.dateInvalid }),
    endDate: z.preprocess(blankToUndefined, z.string().refine(isValidIsoDate, { error: MSG.dateInvalid }).optional()),
    paymentDue: z.preprocess(
      (v) => (v === '' || v == null ? undefined : Number(v)),
      z
        .number({ error: MSG.signupDueDayInvalid })
        .int({ error: MSG.signupDueDayInvalid })
        .min(1, { error: MSG.signupDueDayInvalid })
        .max(31, { error: MSG.signupDueDayInvalid })
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.endDate && isValidIsoDate(v.startDate) && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.dateEndBeforeStart });
    }
  });
export type LeaseDetails = z.infer<typeof leaseDetailsSchema>;

// spec 2 §5: the SAP customer number is required in the customer-number search
export const customerNumberSchema = z.string({ error: MSG.requiredField }).trim().min(1, { error: MSG.requiredField });

export interface SignupUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface SelfSignupPayload {
  accountId?: string;
  startDate: string;
  endDate?: string;
  paymentDue?: number;
  propertyId: string;
  unit?: string;
  residencyType?: (typeof RESIDENCY_TYPES)[number];
  user: SignupUser;
  companyId?: string;
  propertyIdentifier?: string;
}

/**
 * spec 2 §3: the lease-details sign-up payload. With a company set up for an integration customer,
 * propertyId is emptied, companyId is set and propertyIdentifier is the customer's external property id.
 */
export function buildSelfSignupPayload(input: {
  details: LeaseDetails;
  propertyId: string;
  user: SignupUser;
  integration?: { companyId: string; externalPropertyId: string } | null;
}): SelfSignupPayload {
  const { details } = input;
  const base: SelfSignupPayload = {
    accountId: details.accountId || undefined,
    startDate: details.startDate,
    endDate: details.endDate,
    paymentDue: details.paymentDue,
    propertyId: input.propertyId,
    unit: details.unit || undefined,
    residencyType: details.residencyType,
    user: input.user,
  };
  if (!input.integration) return base;
  return {
    ...base,
    propertyId: '',
    companyId: input.integration.companyId,
    propertyIdentifier: input.integration.externalPropertyId,
  };
}

// spec 2 §2: the sign-up modal shows from an onboarding page, the apply-now popup from a lease-application page
export function originModal(originType: string | null | undefined): 'signup' | 'applyNow' | null {
  if (originType === 'TYPE_ON_BOARDING_PAGE') return 'signup';
  if (originType === 'TYPE_LEASE_APPLICATION_PAGE') return 'applyNow';
  return null;
}
