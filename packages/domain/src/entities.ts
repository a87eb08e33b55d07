// Enumerations of the specification's entities (spec 1 §3, spec 2 §3), shared by the API and the web.
// Each is a readonly tuple plus its string-literal union, so zod can use `z.enum(LEASE_STATUSES)`.

// spec 1 §3: YES/NO company flags (overpaymentAllowed, manageBalance, onlyPMPaymentAllowed)
export const YES_NO = ['YES', 'NO'] as const;
export type YesNo = (typeof YES_NO)[number];

// spec 1 §3: Customer.languageCode (en or fr, default en)
export const LANGUAGE_CODES = ['en', 'fr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

// spec 1 §4: locale comes from languageCode (en or fr, else en)
export function toLanguageCode(value: string | null | undefined): LanguageCode {
  return value === 'fr' ? 'fr' : 'en';
}

// spec 1 §3: Customer.preferredContactMethod
export const PREFERRED_CONTACT_METHODS = ['MOBILE_PHONE', 'ALTERNATE_PHONE', 'EMAIL'] as const;
export type PreferredContactMethod = (typeof PREFERRED_CONTACT_METHODS)[number];

// spec 1 §3: Customer.textMessageNotificationMutedBy (CUSTOMER when the user replied STOP)
export const TEXT_MUTED_BY = ['CUSTOMER'] as const;
export type TextMutedBy = (typeof TEXT_MUTED_BY)[number];

// spec 1 §3: session user types (TYPE_CUSTOMER among others)
export const USER_TYPES = ['TYPE_CUSTOMER', 'TYPE_MANAGER', 'TYPE_ADMIN', 'TYPE_LANDLORD', 'TYPE_CORPORATE_USER'] as const;
export type UserType = (typeof USER_TYPES)[number];

// spec 1 §3: session originType
export const ORIGIN_TYPES = ['TYPE_ON_BOARDING_PAGE', 'TYPE_LEASE_APPLICATION_PAGE'] as const;
export type OriginType = (typeof ORIGIN_TYPES)[number];

// spec 1 §3: session accountType
export const ACCOUNT_TYPES = ['TYPE_GOOGLE_OAUTH_ACCOUNT'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

// spec 1 §3: Document.ownerType
export const DOCUMENT_OWNER_TYPES = ['TYPE_CUSTOMER', 'TYPE_MANAGER', 'TYPE_ADMIN'] as const;
export type DocumentOwnerType = (typeof DOCUMENT_OWNER_TYPES)[number];

// spec 1 §2: documents split into the tenant's own and the manager's
export function isManagerDocument(ownerType: string): boolean {
  return ownerType === 'TYPE_MANAGER' || ownerType === 'TYPE_ADMIN';
}

// spec 1 §3: billingAccountType
export const BILLING_ACCOUNT_TYPES = ['TYPE_PROPERTY_LEASE'] as const;
export type BillingAccountType = (typeof BILLING_ACCOUNT_TYPES)[number];

// spec 1 §3: lease status (ACTIVE, PENDING, TERMINATED, SUSPENDED, others)
export const LEASE_STATUSES = ['ACTIVE', 'PENDING', 'TERMINATED', 'SUSPENDED', 'INACTIVE'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

// spec 1 §3: payment transaction status (COMPLETE … AUTHORIZED, others)
export const TRANSACTION_STATUSES = [
  'COMPLETE',
  'FAILED',
  'ONHOLD',
  'PENDING',
  'INPROCESS',
  'TIMEDOUT',
  'AUTHORIZED',
  'CANCELLED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

// spec 1 §3: transactionType
export const TRANSACTION_TYPES = [
  'PAYMENT',
  'NSF',
  'CHARGEBACK',
  'CHARGEBACK_REVERSAL',
  'REFUND',
  'RETURN',
  'FEE_PAYMENT',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

// spec 1 §3: transaction source
export const TRANSACTION_SOURCES = ['PAD'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

// spec 1 §3: payment method types
export const PAYMENT_METHOD_TYPES = [
  'TYPE_BANK_ACCOUNT',
  'TYPE_CREDIT_CARD',
  'TYPE_PAY_PAL',
  'TYPE_WALLET',
  'TYPE_CASH',
  'TYPE_CASH_MONEYGRAM',
  'TYPE_PAYSAFE_CASH',
  'TYPE_LOADHUB_CASH',
  'TYPE_UNION_PAY',
  'TYPE_INSTALLMENT_PAY',
  'TYPE_DEFERRED',
  'TYPE_CREDIT_REPORT',
] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

// spec 1 §5: cash payment method types (removed from saved-method lists)
export const CASH_PAYMENT_METHOD_TYPES = [
  'TYPE_CASH',
  'TYPE_CASH_MONEYGRAM',
  'TYPE_PAYSAFE_CASH',
  'TYPE_LOADHUB_CASH',
] as const satisfies readonly PaymentMethodType[];

// spec 1 §3: blockPayments keys (per TYPE_BANK_ACCOUNT, TYPE_CREDIT_CARD, TYPE_PAY_PAL, TYPE_CASH, TYPE_WALLET)
export const BLOCKABLE_PAYMENT_TYPES = [
  'TYPE_BANK_ACCOUNT',
  'TYPE_CREDIT_CARD',
  'TYPE_PAY_PAL',
  'TYPE_CASH',
  'TYPE_WALLET',
] as const satisfies readonly PaymentMethodType[];
export type BlockablePaymentType = (typeof BLOCKABLE_PAYMENT_TYPES)[number];

// spec 1 §3: walletType
export const WALLET_TYPES = ['APPLE_PAY', 'GOOGLE_PAY'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

// spec 1 §3: card brands (nine, detected from leading digits)
export const CARD_BRANDS = [
  'VISA',
  'VISA_ELECTRON',
  'MASTERCARD',
  'AMERICAN_EXPRESS',
  'DINERS_CLUB',
  'UNION_PAY',
  'MAESTRO',
  'DISCOVER',
  'JCB',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

// spec 1 §3: cardType
export const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID'] as const;
export type CardType = (typeof CARD_TYPES)[number];

// spec 1 §3: Address.addressType
export const ADDRESS_TYPES = ['BILLING'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

// spec 1 §3: instalment paymentDetails status
export const INSTALLMENT_STATUSES = ['PAID', 'PENDING'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

// spec 1 §3: Fee profile rateType
export const RATE_TYPES = ['FLAT', 'PERCENT'] as const;
export type RateType = (typeof RATE_TYPES)[number];

// spec 1 §3: Fee profile / transaction feeType (SUBTRACT or other)
export const FEE_TYPES = ['SUBTRACT', 'ADD'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

// spec 1 §3: countries the portal serves (company.country, bank and card country)
export const COUNTRIES = ['CA', 'US'] as const;
export type Country = (typeof COUNTRIES)[number];

// spec 1 §3: Property.category; spec 2 §3 serviceCreditReporting.PROPERTY_CATEGORY
export const PROPERTY_CATEGORIES = ['RESIDENTIAL', 'COMMERCIAL'] as const;
export type PropertyCategory = (typeof PROPERTY_CATEGORIES)[number];

// spec 2 §2: residency type of the lease-details sign-up
export const RESIDENCY_TYPES = ['RESIDENTIAL', 'COMMERCIAL', 'CONDO_OWNER'] as const;
export type ResidencyType = (typeof RESIDENCY_TYPES)[number];

// spec 1 §3: broadcast message severity (CRITICAL, WARNING or other)
export const BROADCAST_SEVERITIES = ['CRITICAL', 'WARNING', 'INFO'] as const;
export type BroadcastSeverity = (typeof BROADCAST_SEVERITIES)[number];

// spec 1 §2: broadcast severity shown as alert, warning or info
export function broadcastAlertKind(severity: string): 'alert' | 'warning' | 'info' {
  if (severity === 'CRITICAL') return 'alert';
  if (severity === 'WARNING') return 'warning';
  return 'info';
}

// spec 2 §3: recurrenceType (only MONTHLY, the default)
export const RECURRENCE_TYPES = ['MONTHLY'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

// spec 2 §3: upcoming payment status (PENDING means upcoming)
export const UPCOMING_PAYMENT_STATUSES = ['PENDING', 'COMPLETE', 'FAILED', 'CANCELLED'] as const;
export type UpcomingPaymentStatus = (typeof UPCOMING_PAYMENT_STATUSES)[number];

// spec 2 §3: lease services (service such as CREDIT_REPORT)
export const LEASE_SERVICES = ['CREDIT_REPORT', 'INSURANCE', 'PAY_BY_TEXT'] as const;
export type LeaseService = (typeof LEASE_SERVICES)[number];

// spec 2 §3: credit report subscription status (shown lower-cased)
export const CREDIT_REPORT_STATUSES = ['ACTIVE', 'INACTIVE', 'CANCELLED', 'TERMINATED', 'SUSPENDED'] as const;
export type CreditReportStatus = (typeof CREDIT_REPORT_STATUSES)[number];

// spec 2 §3: insurance policyProvider (TENANT_UPLOAD and one value per quote partner)
export const POLICY_PROVIDERS = ['TENANT_UPLOAD', 'NUERA', 'MELLO', 'APOLLO'] as const;
export type PolicyProvider = (typeof POLICY_PROVIDERS)[number];
export const INSURANCE_PARTNERS = ['NUERA', 'MELLO', 'APOLLO'] as const satisfies readonly PolicyProvider[];
export type InsurancePartner = (typeof INSURANCE_PARTNERS)[number];

// spec 2 §3: insurance policy status (NEW, CHANGED, CANCELLED)
export const INSURANCE_STATUSES = ['NEW', 'CHANGED', 'CANCELLED'] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];

// spec 2 §3: insurance approvalStatus (PENDING and others)
export const INSURANCE_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type InsuranceApprovalStatus = (typeof INSURANCE_APPROVAL_STATUSES)[number];

// spec 2 §3/§4: lease application statuses (NOT_STARTED, IN_PROGRESS, PENDING, others)
export const APPLICATION_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'PENDING', 'APPROVED', 'DECLINED', 'CANCELLED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

// spec 2 §3: lease application record type
export const APPLICATION_TYPES = ['TYPE_LEASE_APPLICATION'] as const;

// spec 2 §7: screening detail type
export const SCREENING_TYPES = ['CREDIT', 'BASIC'] as const;
export type ScreeningType = (typeof SCREENING_TYPES)[number];

// spec 2 §4: screening status (reports open only on PASS)
export const SCREENING_STATUSES = ['PASS', 'FAIL', 'PENDING', 'NOT_STARTED'] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];

// spec 2 §3: integration type
export const INTEGRATION_TYPES = ['SAP'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

// spec 1 §5: payment type of the flow (pay now versus pay later)
export const PAYMENT_FLOW_TYPES = ['PAY_NOW', 'PAY_LATER'] as const;
export type PaymentFlowType = (typeof PAYMENT_FLOW_TYPES)[number];

// spec 2 §2: microlending partners (card-credit partner and loan partner; default the loan partner)
export const MICROLENDING_PARTNERS = ['CARD_CREDIT', 'LOAN'] as const;
export type MicrolendingPartner = (typeof MICROLENDING_PARTNERS)[number];
export const DEFAULT_MICROLENDING_PARTNER: MicrolendingPartner = 'LOAN';

// spec 2 §2: credit reporting add-service modes
export const CREDIT_REPORT_MODES = ['NEW', 'REMOVE'] as const;
export type CreditReportMode = (typeof CREDIT_REPORT_MODES)[number];
