// Route schemas of the lease applications (docs/api-contract.md "Lease applications (issue 11)").
import { APPLICATION_CUSTOM_FIELD_TYPES, type ApplicationDraft, applicationDraftShape } from '@portal/domain/application-form';
import { MSG } from '@portal/domain/message-keys';
import { z } from 'zod';

const answers = z.record(z.string(), z.unknown());
const nullableIso = z.string().nullable();

export const leaseApplicationSchema = z.object({
  id: z.string(),
  type: z.literal('TYPE_LEASE_APPLICATION'),
  status: z.string().describe('NOT_STARTED | IN_PROGRESS | PENDING (shown as SUBMITTED) | APPROVED | DECLINED | CANCELLED'),
  pageName: z.string().nullable(),
  propertyId: z.string().nullable(),
  companyId: z.string().nullable(),
  existingTenant: z.boolean(),
  acknowledgedTerms: z.boolean(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  birthDate: z.string().nullable(),
  sinLast3: z.string().nullable(),
  otherInfo: answers.nullable(),
  addresses: z.array(answers),
  otherOccupants: z.array(answers),
  employment: answers.nullable(),
  referenceList: z.array(answers),
  emergencyContact: answers.nullable(),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  verificationConsent: z.boolean(),
  currentStep: z.string().nullable(),
  progress: z.number().int().describe('Percent complete (spec 2 §4)'),
  applicationFeeAmount: z.number().describe("The page's fee (dollars)"),
  feeAmount: z.number().nullable().describe('The fee charged (dollars), or null'),
  feeTransactionId: z.string().nullable(),
  submittedAt: nullableIso,
  decidedAt: nullableIso,
  decisionComment: z.string().nullable(),
  leaseId: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
  joins: z.object({
    property: z
      .object({
        id: z.string(),
        propertyName: z.string(),
        street1: z.string(),
        city: z.string(),
        province: z.string(),
        country: z.string(),
        postalCode: z.string(),
      })
      .nullable(),
    lap: z
      .object({
        creditReportEnabled: z.boolean(),
        backgroundCheckEnabled: z.boolean(),
        identityVerificationEnabled: z.boolean(),
        incomeVerificationEnabled: z.boolean(),
        sections: z.record(z.string(), z.record(z.string(), z.boolean())),
        applicationFeeAmount: z.number(),
      })
      .nullable(),
    screenings: z.array(z.object({ id: z.string(), type: z.string(), status: z.string() })),
    incomeVerification: z.object({ id: z.string(), status: z.string() }).nullable(),
  }),
});

export const applicationPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  country: z.string(),
  sections: z.record(z.string(), z.record(z.string(), z.boolean())),
  customFields: z.array(
    z.object({
      id: z.string(),
      label: z.object({ en: z.string(), fr: z.string() }),
      type: z.enum(APPLICATION_CUSTOM_FIELD_TYPES),
      required: z.boolean(),
      maxLength: z.number().int().optional(),
    }),
  ),
  applicationFeeAmount: z.number(),
  creditReportEnabled: z.boolean(),
  backgroundCheckEnabled: z.boolean(),
  identityVerificationEnabled: z.boolean(),
  incomeVerificationEnabled: z.boolean(),
});

export const pageNameParams = z.object({ name: z.string().min(1).max(100) });

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(400).default(400),
});

export const propertySearchBody = z
  .object({
    searchValue: z.string().max(255).nullish(),
    signupPage: z.string().max(255).nullish(),
  })
  .nullish();

// The page's property search answers as the company property searches do (one matching: services/signup/property-search.ts).
export { propertyPageSchema } from '../signup/schemas.ts';

export const newApplicationQuery = z.object({
  pageName: z.string().min(1).max(100),
  propertyId: z.string().max(64).optional(),
});

const id = z.string().min(1).max(64);

/**
 * The fields of a lease application record the tenant cannot set (issue 21 §1): a client sends back the record it was
 * answered, plus its changes, so saveforlater accepts them and ignores them (draftOfBody drops them).
 */
export const APPLICATION_READ_ONLY_KEYS = [
  'type',
  'status',
  'pageName',
  'companyId',
  'existingTenant',
  'progress',
  'applicationFeeAmount',
  'feeAmount',
  'feeTransactionId',
  'submittedAt',
  'decidedAt',
  'decisionComment',
  'leaseId',
  'createDate',
  'updateDate',
  'joins',
] as const satisfies readonly (keyof typeof leaseApplicationSchema.shape)[];
type ReadOnlyKey = (typeof APPLICATION_READ_ONLY_KEYS)[number];

const ignoredReadOnly = Object.fromEntries(
  APPLICATION_READ_ONLY_KEYS.map((k) => [k, z.unknown().optional().describe('Read-only: accepted and ignored')]),
) as { [K in ReadOnlyKey]: z.ZodOptional<z.ZodUnknown> };

/** The id and the draft fields of a saveforlater body (its read-only fields dropped). */
export function draftOfBody(body: { id: string } & ApplicationDraft): { id: string } & ApplicationDraft {
  const out: Record<string, unknown> = { id: body.id };
  for (const k of Object.keys(applicationDraftShape)) if (k in body) out[k] = body[k as keyof ApplicationDraft];
  return out as { id: string } & ApplicationDraft;
}

/**
 * saveforlater: the application id and any draft fields (shapes checked), the record's read-only fields ignored; any
 * other key is refused at its own path (the field named, not "body").
 */
export const saveForLaterBody = z
  .object({ id, ...applicationDraftShape, ...ignoredReadOnly }, { error: MSG.applicationShapeInvalid })
  // a key of no application field fails at its own path (zod's strict mode reports all of them at the body's)
  .catchall(z.custom<unknown>(() => false, { error: 'server.applications.unknownField' }));

/**
 * submit (issue 21 §1): the draft fields and the fee's saved method (when the page has a fee); like saveforlater, the
 * record as answered may be sent back (its read-only fields ignored, its id checked against the path's by the route) and
 * any other key is refused at its own path.
 */
export const submitBody = z
  .object(
    {
      id: id.optional().describe("The application's id, as answered: it must be the path's"),
      ...applicationDraftShape,
      ...ignoredReadOnly,
      paymentMethodId: z.string().max(64).nullish(),
      paymentMethodType: z.string().max(64).nullish(),
    },
    { error: MSG.applicationShapeInvalid },
  )
  .catchall(z.custom<unknown>(() => false, { error: 'server.applications.unknownField' }));

/** What the submit service takes of a submit body: the draft fields and the fee's method (read-only fields dropped). */
export function submitOfBody(body: z.infer<typeof submitBody>): ApplicationDraft & {
  paymentMethodId?: string | null;
  paymentMethodType?: string | null;
} {
  const out: Record<string, unknown> = {};
  for (const k of [...Object.keys(applicationDraftShape), 'paymentMethodId', 'paymentMethodType'])
    if (k in body) out[k] = body[k as keyof typeof body];
  return out as ApplicationDraft & { paymentMethodId?: string | null; paymentMethodType?: string | null };
}

export const customerParams = z.object({ customerId: id });

export const deletedAnswer = z.object({ id: z.string() });
