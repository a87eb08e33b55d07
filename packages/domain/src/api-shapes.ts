// The answers of the API (docs/api-contract.md) as zod schemas, shared by both sides: the API documents and checks
// its responses with them, and the web app takes their types (type-only imports: no zod in the browser bundles).
// Amounts are decimals (dollars).
import { z } from 'zod';
import { LANGUAGE_CODES, PREFERRED_CONTACT_METHODS } from './entities.ts';

// ---------------------------------------------------------------- customer and profile (spec 1 §3, §5)
export const customerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  phoneMetadata: z.unknown().nullable(),
  phoneStatus: z.string().nullable(),
  alternatePhone: z.string().nullable(),
  languageCode: z.enum(LANGUAGE_CODES),
  preferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS).nullable(),
  muteTextMessageNotification: z.boolean(),
  textMessageNotificationMutedBy: z.literal('CUSTOMER').nullable(),
  acknowledgedTerms: z.boolean(),
  country: z.enum(['CA', 'US']),
  accountType: z.string().nullable(),
});

export const customerPeekSchema = z.object({ id: z.string(), acknowledgedTerms: z.boolean() });
export const acceptTermsSchema = z.object({ id: z.string(), acknowledgedTerms: z.literal(true) });
export const payByTextInfoSchema = z.object({ serviceEnabled: z.boolean() });

const yesNo = z.enum(['YES', 'NO']);
export const customCardSchema = z
  .object({
    enabled: z.boolean(),
    cardTitle: z.string().optional(),
    cardText: z.string().optional(),
    buttonCaption: z.string().optional(),
    buttonUrl: z.string().optional(),
    imageUrl: z.string().optional(),
  })
  .nullable();
const enabledSchema = z.object({ enabled: z.boolean() }).nullable();

export const companyPeekSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  country: z.string(),
  manageBalance: yesNo,
  overpaymentAllowed: yesNo,
  onlyPMPaymentAllowed: yesNo,
  blockPartialPayments: z.boolean(),
  enforceCustomAmount: z.boolean(),
  displayChargeCodes: z.boolean(),
  chargeCodes: z.array(z.object({ code: z.string(), name: z.string() })),
  softMaximumPaymentAmount: z.number().nullable().describe('Dollars, at most 2 decimals'),
  acceptedPaymentTypes: z.array(z.string()),
  createBankAccountFromPlaidRequired: z.boolean(),
  serviceCreditReporting: z.record(z.string(), z.boolean()),
  conciergeEnabled: z.boolean(),
  customCard: customCardSchema,
  integrationId: z.string().nullable(),
});

export const propertyPeekSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  propertyName: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postalCode: z.string(),
  category: z.string(),
  propertyIdentifier: z.string().nullable(),
  customCard: customCardSchema,
  acceptedPaymentTypes: z.array(z.string()).nullable(),
  monevoIntegration: enabledSchema,
  paypalCreditIntegration: enabledSchema,
  insuranceIntegration: z.record(z.string(), z.object({ enabled: z.boolean() })).nullable(),
  service_urcsi: enabledSchema,
  service_neofinancial: enabledSchema,
  payByTextEnabled: z.boolean(),
});

export type Customer = z.infer<typeof customerSchema>;
export type CustomerPeek = z.infer<typeof customerPeekSchema>;
export type CompanyPeek = z.infer<typeof companyPeekSchema>;
export type PropertyPeek = z.infer<typeof propertyPeekSchema>;
export type CustomCard = z.infer<typeof customCardSchema>;

// ---------------------------------------------------------------- broadcast messages (spec 1 §2 Shell)
// CRITICAL → alert, WARNING → warning, anything else → info
export const BROADCAST_SEVERITIES = ['CRITICAL', 'WARNING', 'INFO'] as const;
export type BroadcastSeverity = (typeof BROADCAST_SEVERITIES)[number];

export const broadcastMessageSchema = z.object({
  id: z.string(),
  severity: z.enum(BROADCAST_SEVERITIES),
  message: z.string().describe("In the caller's languageCode"),
  messageEn: z.string(),
  messageFr: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export const broadcastMessagesSchema = z.object({ records: z.array(broadcastMessageSchema) });

export type BroadcastMessage = z.infer<typeof broadcastMessageSchema>;
