// The answers of the API (docs/api-contract.md) as zod schemas, shared by both sides: the API documents and checks
// its responses with them, and the web app takes their types (type-only imports: no zod in the browser bundles).
// Amounts are decimals (dollars).
import { z } from 'zod';
import {
  CARD_BRANDS,
  CARD_TYPES,
  COUNTRIES,
  FEE_TYPES,
  LANGUAGE_CODES,
  PAYMENT_METHOD_TYPES,
  PREFERRED_CONTACT_METHODS,
  RATE_TYPES,
  WALLET_TYPES,
} from './entities.ts';

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
  // spec 1 §2: the security card shows only when true (domain securitySettingsVisible); absent reads as visible
  securitySettingsVisible: z.boolean().optional(),
  // issue 25: whether `email` is proven (receipts are e-mailed only then), and a new address waiting for its link
  emailVerified: z.boolean().optional(),
  pendingEmail: z.string().nullable().optional(),
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
    // issue 23: the French texts beside the English ones (absent on cards written before: English for everyone)
    cardTitleFr: z.string().optional(),
    cardTextFr: z.string().optional(),
    buttonCaptionFr: z.string().optional(),
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
  /** spec 2 §6: the company's insurance integrations (per partner and MANUAL); a property's flags narrow them. */
  insuranceIntegration: z.record(z.string(), z.object({ enabled: z.boolean() })).nullable(),
  microlendingEnabled: z.boolean(),
  neobankPromotionEnabled: z.boolean(),
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

// ---------------------------------------------------------------- search records (POST /{recordType}/search)
// The records are built as JSON by the database (apps/api services/search/registry.ts); these schemas are the
// contract both sides hold it to: the API's tests parse every record with them, strictly.

/** A charge line (spec 1 §3): amounts in dollars. */
export const chargeLineSchema = z.object({ code: z.string().optional(), name: z.string(), amount: z.number() });
export type ChargeLine = z.infer<typeof chargeLineSchema>;

/** joins.property: the same fields as GET /property/{id}/peek. */
export const propertyJoinSchema = propertyPeekSchema;
export type PropertyJoin = PropertyPeek;

/** joins.company and joins.parentCompany: the fields of GET /company/{id}/peek, and the landlord. */
export const companyJoinSchema = companyPeekSchema.extend({ landlordId: z.string().nullable() });
export type CompanyJoin = z.infer<typeof companyJoinSchema>;

export const openChargeSchema = z.object({
  id: z.string(),
  billingAccountId: z.string().optional().describe('In open_charge records; absent inside a lease'),
  name: z.string(),
  code: z.string().nullable(),
  dueDate: z.string(),
  balance: z.number(),
  amount: z.number(),
  postMonth: z.string().nullable(),
});
export type OpenCharge = z.infer<typeof openChargeSchema>;

export const upcomingPaymentSchema = z.object({
  status: z.string(),
  scheduledDate: z.string(),
  amount: z.number(),
  charges: z.array(chargeLineSchema),
});
export type UpcomingPayment = z.infer<typeof upcomingPaymentSchema>;

export const propertyLeaseRecordSchema = z.object({
  id: z.string(),
  billingAccountType: z.literal('TYPE_PROPERTY_LEASE'),
  status: z.string(),
  unit: z.string().nullable(),
  userId: z.string(),
  userType: z.string(),
  propertyId: z.string(),
  companyId: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  tenantNotes: z.string().nullable(),
  monthlyPaymentDueDay: z.number().int(),
  requireAutoPay: z.boolean(),
  charges: z.array(chargeLineSchema),
  services: z.array(z.object({ service: z.string(), feeAmount: z.number(), termInMonths: z.number() })),
  blockPayments: z.record(z.string(), z.unknown()),
  blockPartialPayments: z.boolean(),
  acceptInstallmentPay: z.boolean(),
  openCharges: z.array(openChargeSchema),
  balance: z.number(),
  recurringSchedule: z
    .object({
      id: z.string(),
      active: z.boolean(),
      customAmount: z.number(),
      padSchedule: z.boolean(),
      paymentMethodId: z.string().nullable(),
      paymentMethodType: z.string().nullable(),
      startDate: z.string(),
    })
    .nullable(),
  recurringScheduleStatus: z.enum(['ACTIVE', 'INACTIVE']).nullable(),
  recurringScheduleUpcomingPayment: upcomingPaymentSchema.nullable(),
  recurringScheduleUpcomingPaymentDate: z.string().nullable(),
  /**
   * issue 21 §1: union pay / paysafe cash payments waiting for the tenant at the provider. `allocated` is already off
   * `balance` (the amount rules count it); the balance the tenant sees adds it back (pendingBalanceOf).
   */
  pendingPayments: z
    .array(
      z.object({
        id: z.string(),
        paymentMethodType: z.string(),
        amount: z.number(),
        allocated: z.number(),
        createDate: z.string(),
        expiresAt: z.string(),
        /** Where `allocated` sits, charge by charge (issue 21 §1: the breakdown of the balance shown). */
        charges: z.array(z.object({ id: z.string(), dueDate: z.string(), allocated: z.number() })).optional(),
      }),
    )
    .optional(),
  joins: z.object({
    property: propertyJoinSchema.nullable().optional(),
    company: companyJoinSchema.nullable().optional(),
    parentCompany: companyJoinSchema.nullable().optional(),
    customer: z.object({ id: z.string(), phone: z.string().nullable(), email: z.string() }).nullable().optional(),
  }),
});
export type PropertyLease = z.infer<typeof propertyLeaseRecordSchema>;

export const paymentTransactionRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  billingAccountId: z.string().nullable(),
  /** TYPE_PROPERTY_LEASE, or what else the payment was for (TYPE_CREDIT_REPORT, TYPE_LEASE_APPLICATION, …). */
  billingAccountType: z.string().nullable(),
  propertyId: z.string().nullable(),
  amount: z.number(),
  currency: z.enum(['CAD', 'USD']),
  status: z.string(),
  transactionType: z.string(),
  source: z.string().nullable(),
  paymentProviderId: z.string().nullable(),
  createDate: z.string(),
  confirmationId: z.string().nullable(),
  paymentMethodType: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  last4: z.string().nullable(),
  feeAmount: z.number(),
  feeType: z.string().nullable(),
  feePaidByCompany: z.boolean(),
  charges: z.array(chargeLineSchema),
  note: z.string().nullable(),
  hostedPaymentPageId: z.string().nullable(),
  error: z.string().nullable(),
  joins: z.object({
    property: propertyJoinSchema.nullable().optional(),
    company: companyJoinSchema.nullable().optional(),
  }),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionRecordSchema>;

export const recurringScheduleRecordSchema = z.object({
  id: z.string(),
  recurrenceType: z.string(),
  userId: z.string(),
  userType: z.string(),
  billingAccountId: z.string(),
  billingAccountType: z.string(),
  paymentMethodId: z.string().nullable(),
  paymentMethodType: z.string().nullable(),
  startDate: z.string(),
  customAmount: z.number(),
  padSchedule: z.boolean(),
  active: z.boolean(),
  charges: z.array(chargeLineSchema),
  upcomingPayment: upcomingPaymentSchema.nullable(),
  joins: z.object({ property: propertyJoinSchema.nullable().optional() }),
});
export type RecurringSchedule = z.infer<typeof recurringScheduleRecordSchema>;

export const documentRecordSchema = z.object({
  id: z.string(),
  url: z.string(),
  ownerType: z.enum(['TYPE_CUSTOMER', 'TYPE_MANAGER', 'TYPE_ADMIN']),
  name: z.string(),
  size: z.number().int(),
  recordType: z.string(),
  recordId: z.string(),
  createDate: z.string(),
});
export type DocumentRecord = z.infer<typeof documentRecordSchema>;

export const leaseApplicationRecordSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  propertyId: z.string().nullable(),
  companyId: z.string().nullable(),
  pageName: z.string().nullable(),
  existingTenant: z.boolean(),
  acknowledgedTerms: z.boolean(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  birthDate: z.string().nullable(),
  sinLast3: z.string().nullable(),
  otherInfo: z.record(z.string(), z.unknown()).nullable(),
  addresses: z.array(z.unknown()),
  otherOccupants: z.array(z.unknown()),
  employment: z.unknown().nullable(),
  referenceList: z.array(z.unknown()),
  emergencyContact: z.record(z.string(), z.unknown()).nullable(),
  customFields: z.record(z.string(), z.unknown()).nullable(),
  currentStep: z.string().nullable(),
  feeAmount: z.number().nullable(),
  feeTransactionId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  leaseId: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
  joins: z.object({
    property: propertyJoinSchema.nullable().optional(),
    lap: z
      .object({
        creditReportEnabled: z.boolean(),
        backgroundCheckEnabled: z.boolean(),
        identityVerificationEnabled: z.boolean(),
        incomeVerificationEnabled: z.boolean(),
        sections: z.record(z.string(), z.record(z.string(), z.boolean())),
        applicationFeeAmount: z.number(),
      })
      .nullable()
      .optional(),
  }),
});
export type LeaseApplication = z.infer<typeof leaseApplicationRecordSchema>;

// ---------------------------------------------------------------- payment methods, addresses, fees (issue 7)
// spec 1 §3 Payment methods / Address / Fee profile; spec 1 §7 "Payment methods and addresses", "Fees".

/** An address record (POST /create TYPE_ADDRESS answer, POST /address/search records). */
export const addressRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userType: z.string(),
  addressType: z.literal('BILLING'),
  suite: z.string().nullable(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  province: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  createDate: z.string(),
});
export type AddressRecord = z.infer<typeof addressRecordSchema>;

/**
 * A saved payment method as the tenant sees it (GET /customer/{id}/paymentmethods records, POST /create answers).
 * Never a full card or account number, a CVV, or a processor/wallet token (ARCHITECTURE "Providers").
 * `label` is spec 1 §9's method label in the caller's language ('VISA 4242', 'Bank Account 6789', 'PayPal', 'Wallet').
 */
export const paymentMethodRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  label: z.string(),
  country: z.string().nullable(),
  brand: z.enum(CARD_BRANDS).nullable(),
  cardType: z.enum(CARD_TYPES).nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable().describe('Four digits'),
  nameOnCard: z.string().nullable(),
  billingAddressId: z.string().nullable(),
  accountHolder: z.string().nullable(),
  bankName: z.string().nullable(),
  routingNumber: z.string().nullable().describe('US routing number, or CA institution + transit'),
  institutionNumber: z.string().nullable(),
  transitNumber: z.string().nullable(),
  walletType: z.enum(WALLET_TYPES).nullable(),
  expireIn: z.string().nullable().describe('Wallet methods: reusable until this instant'),
  email: z.string().nullable().describe('Online wallet provider account'),
  createDate: z.string(),
});
export type PaymentMethodRecord = z.infer<typeof paymentMethodRecordSchema>;
export const paymentMethodListSchema = z.object({ records: z.array(paymentMethodRecordSchema) });

/** A fee profile as answered (spec 1 §3): rates are numbers (percent for PERCENT, dollars for FLAT). */
export const feeProfileRecordSchema = z.object({
  id: z.string(),
  companyId: z.string().nullable(),
  country: z.enum(COUNTRIES),
  paymentType: z.enum(PAYMENT_METHOD_TYPES),
  cardType: z.enum(CARD_TYPES).nullable(),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  walletType: z.enum(WALLET_TYPES).nullable(),
  processor: z.string().nullable(),
  padSchedule: z.boolean().nullable(),
  feeRate: z.number(),
  rateType: z.enum(RATE_TYPES),
  feeType: z.enum(FEE_TYPES).nullable(),
  internationalFeeRate: z.number().nullable(),
  internationalRateType: z.enum(RATE_TYPES).nullable(),
  paidByCompany: z.boolean(),
});
export type FeeProfileRecord = z.infer<typeof feeProfileRecordSchema>;
export const feeProfileListSchema = z.object({ records: z.array(feeProfileRecordSchema) });

/** POST /calculatefee and /calculatefeewithfeeprofile answer (amounts in dollars). */
export const feeCalculationSchema = z.object({
  amount: z.number().describe('The amount asked about'),
  feeAmount: z.number(),
  total: z.number().describe('What the tenant is charged: amount + fee, or amount when the company pays or SUBTRACT'),
  currency: z.enum(['CAD', 'USD']),
  feeProfile: feeProfileRecordSchema.nullable(),
});
export type FeeCalculation = z.infer<typeof feeCalculationSchema>;

/** GET /bank_account/createfromplaid/{customerId}: the bank-linking widget's link token (spec 1 §7). */
export const bankLinkTokenSchema = z.object({
  clientName: z.string(),
  env: z.enum(['sandbox', 'development', 'production']),
  publicKey: z.string(),
  product: z.array(z.string()),
  selectAccount: z.boolean(),
  token: z.string(),
  webhook: z.string(),
  country: z.enum(COUNTRIES),
  /** Where the widget page lives (same origin): open it with ?token=…&lang=en|fr. */
  widgetUrl: z.string(),
});
export type BankLinkToken = z.infer<typeof bankLinkTokenSchema>;

/** GET /paypal_create_agreement: an agreement to approve, or the method already linked (spec 1 §7). */
export const payPalAgreementSchema = z.object({
  merchantId: z.string(),
  currency: z.enum(['CAD', 'USD']),
  orderId: z.string(),
  token: z.string(),
  /** The sandbox approval page (same origin): open it with ?token=…&lang=en|fr. */
  approvalUrl: z.string(),
  paymentMethod: paymentMethodRecordSchema.nullable(),
});
export type PayPalAgreement = z.infer<typeof payPalAgreementSchema>;

/** GET /on_boarding_page/name/{name} (public, issue 11): the company a self sign-up joins and whether its leases start
 * active; `integration` when the company has an enterprise integration (SAP). */
export const onBoardingPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  country: z.string(),
  autoApproval: z.boolean(),
  integration: z.object({ id: z.string(), integrationType: z.string() }).nullable(),
});
export type OnBoardingPage = z.infer<typeof onBoardingPageSchema>;
