// Database schema: every entity of spec 1 §3 and spec 2 §3. Money is integer cents (bigint, mode number).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);
const cents = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/**
 * The decimal twin of a jsonb lines column whose `key` holds cents, kept by the database on every write (function
 * decimal_lines, migration 0001): searches read it instead of converting on every read. Never written by the app.
 */
const decimalLines = (name: string, source: string, key: 'amount' | 'feeAmount') =>
  jsonb(name).generatedAlwaysAs(sql.raw(`decimal_lines(${source}, '${key}')`));

export type YesNo = 'YES' | 'NO';
export interface ChargeLine {
  code: string;
  name: string;
  amount: number; // cents
}
export interface CustomCard {
  enabled: boolean;
  cardTitle?: string;
  cardText?: string;
  buttonCaption?: string;
  /** issue 23: the French texts (a French tenant sees them when given; else the English ones). */
  cardTitleFr?: string;
  cardTextFr?: string;
  buttonCaptionFr?: string;
  buttonUrl?: string;
  imageUrl?: string;
}
export interface BlockFlag {
  blocked: boolean;
  blockedSplit?: boolean;
}
export type BlockPayments = Partial<
  Record<'TYPE_BANK_ACCOUNT' | 'TYPE_CREDIT_CARD' | 'TYPE_PAY_PAL' | 'TYPE_CASH' | 'TYPE_WALLET', BlockFlag>
>;

// spec 1 §3 Customer (the tenant; also the sign-in identity of role TYPE_CUSTOMER)
export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    phone: text('phone'),
    phoneMetadata: jsonb('phone_metadata'),
    phoneStatus: text('phone_status'),
    alternatePhone: text('alternate_phone'),
    languageCode: text('language_code').notNull().default('en'),
    preferredContactMethod: text('preferred_contact_method'),
    muteTextMessageNotification: boolean('mute_text_message_notification').notNull().default(false),
    textMessageNotificationMutedBy: text('text_message_notification_muted_by'),
    acknowledgedTerms: boolean('acknowledged_terms').notNull().default(false),
    acknowledgedTermsAt: timestamp('acknowledged_terms_at', { withTimezone: true, mode: 'string' }),
    country: text('country').notNull().default('CA'),
    accountType: text('account_type'),
    signupPage: text('signup_page'),
    originType: text('origin_type'),
    /** issue 25: when the tenant proved they own `email` (a link followed); null: no receipts by e-mail until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customers_email_uq').on(sql`lower(${t.email})`)],
);

// spec 1 §3 Corporate user (admins, managers, landlords)
export const corporateUsers = pgTable(
  'corporate_users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    type: text('type').notNull(), // TYPE_ADMIN | TYPE_MANAGER | TYPE_LANDLORD
    companyId: text('company_id'),
    /** issue 23: the console's language (en | fr), like a tenant's. */
    languageCode: text('language_code').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('corporate_users_email_uq').on(sql`lower(${t.email})`)],
);

// spec 1 §3 Company (and spec 2 §3 company flags)
export const companies = pgTable('companies', {
  id: id(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  landlordId: text('landlord_id'),
  country: text('country').notNull(),
  overpaymentAllowed: text('overpayment_allowed').$type<YesNo>().notNull().default('NO'),
  manageBalance: text('manage_balance').$type<YesNo>().notNull().default('YES'),
  onlyPMPaymentAllowed: text('only_pm_payment_allowed').$type<YesNo>().notNull().default('NO'),
  enforceCustomAmount: boolean('enforce_custom_amount').notNull().default(false),
  blockPartialPayments: boolean('block_partial_payments').notNull().default(false),
  displayChargeCodes: boolean('display_charge_codes').notNull().default(false),
  chargeCodes: jsonb('charge_codes').$type<{ code: string; name: string }[]>().notNull().default([]),
  softMaximumPaymentAmount: cents('soft_maximum_payment_amount'),
  createBankAccountFromPlaidRequired: boolean('create_bank_account_from_plaid_required').notNull().default(false),
  acceptedPaymentTypes: jsonb('accepted_payment_types').$type<string[]>().notNull().default([]),
  serviceCreditReporting: jsonb('service_credit_reporting').$type<Record<string, boolean>>().notNull().default({}),
  customCard: jsonb('custom_card').$type<CustomCard | null>(),
  conciergeEnabled: boolean('concierge_enabled').notNull().default(false),
  // spec 2 §6: the company's own switches for the add-on services (a property's flags can only narrow them)
  insuranceIntegration: jsonb('insurance_integration').$type<Record<string, { enabled: boolean }> | null>(),
  microlendingEnabled: boolean('microlending_enabled').notNull().default(false),
  neobankPromotionEnabled: boolean('neobank_promotion_enabled').notNull().default(false),
  integrationId: text('integration_id'),
  // spec 1 §8 / spec 2 §8: one-time alerts for listed companies (re-enter a payment method; a service-fee change)
  alertPaymentMethodReentry: boolean('alert_payment_method_reentry').notNull().default(false),
  alertServiceFeeChange: boolean('alert_service_fee_change').notNull().default(false),
  // issue 23: the company's late fee rule (off while lateFeeAmount is null): posted lateFeeDays after a charge's due
  // date while it is still open, once per charge (open_charges.posting_key late:<chargeId>).
  lateFeeAmount: cents('late_fee_amount'),
  lateFeeDays: integer('late_fee_days').notNull().default(5),
  /** issue 23: the fee posted when a bank payment is returned (NSF), at most $35.00; null = none. */
  nsfFeeAmount: cents('nsf_fee_amount'),
  updatedAt: updatedAt(),
  createdAt: createdAt(),
});

/** Which tenant was shown which one-time company alert (issue 21 §2: each shows once per tenant). */
export const companyAlertsSeen = pgTable(
  'company_alerts_seen',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** PAYMENT_METHOD_REENTRY | SERVICE_FEE_CHANGE */
    alert: text('alert').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.companyId, t.alert] })],
);

// spec 1 §3 Property
export const properties = pgTable(
  'properties',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    propertyName: text('property_name').notNull(),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    province: text('province').notNull(),
    country: text('country').notNull(),
    postalCode: text('postal_code').notNull(),
    category: text('category').notNull().default('RESIDENTIAL'),
    propertyIdentifier: text('property_identifier'),
    customCard: jsonb('custom_card').$type<CustomCard | null>(),
    acceptedPaymentTypes: jsonb('accepted_payment_types').$type<string[] | null>(),
    monevoIntegration: jsonb('monevo_integration').$type<{ enabled: boolean } | null>(),
    paypalCreditIntegration: jsonb('paypal_credit_integration').$type<{ enabled: boolean } | null>(),
    insuranceIntegration: jsonb('insurance_integration').$type<Record<string, { enabled: boolean }> | null>(),
    serviceUrcsi: jsonb('service_urcsi').$type<{ enabled: boolean } | null>(),
    serviceNeofinancial: jsonb('service_neofinancial').$type<{ enabled: boolean } | null>(),
    payByTextEnabled: boolean('pay_by_text_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('properties_company_idx').on(t.companyId), index('properties_postal_idx').on(t.postalCode)],
);

// spec 1 §3 Property lease / billing account (billingAccountType TYPE_PROPERTY_LEASE)
export const propertyLeases = pgTable(
  'property_leases',
  {
    id: id(),
    status: text('status').notNull().default('ACTIVE'),
    unit: text('unit'),
    /** The tenant; null while the manager's invitation waits for its sign-up (issue 23, lease_invitations). */
    userId: text('user_id').references(() => customers.id),
    userType: text('user_type').notNull().default('TYPE_CUSTOMER'),
    propertyId: text('property_id')
      .notNull()
      .references(() => properties.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: text('account_id'),
    residencyType: text('residency_type'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    tenantNotes: text('tenant_notes'),
    monthlyPaymentDueDay: integer('monthly_payment_due_day').notNull().default(1),
    requireAutoPay: boolean('require_auto_pay').notNull().default(false),
    charges: jsonb('charges').$type<ChargeLine[]>().notNull().default([]),
    chargesDecimal: decimalLines('charges_decimal', 'charges', 'amount'),
    services: jsonb('services').$type<{ service: string; feeAmount: number; termInMonths: number }[]>().notNull().default([]),
    servicesDecimal: decimalLines('services_decimal', 'services', 'feeAmount'),
    blockPayments: jsonb('block_payments').$type<BlockPayments>().notNull().default({}),
    blockPartialPayments: boolean('block_partial_payments').notNull().default(false),
    acceptInstallmentPay: boolean('accept_installment_pay').notNull().default(false),
    /** issue 23: pay-by-text for this lease (null: as the property says). */
    payByTextEnabled: boolean('pay_by_text_enabled'),
    /** issue 23: when the manager ended the lease (status TERMINATED). */
    terminatedAt: timestamp('terminated_at', { withTimezone: true, mode: 'string' }),
    /** How the lease came to be (issue 11): SELF_SIGNUP (POST /self_signup_Lease), APPLICATION (an approved application); null = set up by the manager. */
    origin: text('origin'),
    /** The approved lease application it came from (origin APPLICATION). */
    applicationId: text('application_id'),
    /** When the manager (or auto-approval) approved it; null while PENDING approval. */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('property_leases_user_idx').on(t.userId),
    index('property_leases_company_idx').on(t.companyId),
    index('property_leases_property_idx').on(t.propertyId, t.status),
  ],
);

// spec 1 §3 Open charge. balance = amount minus posted allocations (kept in step by the payment service).
export const openCharges = pgTable(
  'open_charges',
  {
    id: id(),
    billingAccountId: text('billing_account_id')
      .notNull()
      .references(() => propertyLeases.id),
    billingAccountType: text('billing_account_type').notNull().default('TYPE_PROPERTY_LEASE'),
    code: text('code'),
    name: text('name').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    postMonth: date('post_month', { mode: 'string' }),
    amount: cents('amount').notNull(),
    balance: cents('balance').notNull(),
    /** issue 23: what posted it, unique: rent:<leaseId>:<YYYY-MM>:<line> (monthly posting), late:<chargeId>, nsf:<txId>. */
    postingKey: text('posting_key'),
    description: text('description'),
    /** The manager or admin who posted a one-off charge (null: the seed or a job). */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('open_charges_lease_idx').on(t.billingAccountId, t.dueDate),
    uniqueIndex('open_charges_posting_key_uq').on(t.postingKey).where(sql`${t.postingKey} IS NOT NULL`),
  ],
);

// spec 1 §3 Address (billing addresses of payment methods)
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: text('user_id').notNull(),
    userType: text('user_type').notNull().default('TYPE_CUSTOMER'),
    addressType: text('address_type').notNull().default('BILLING'),
    suite: text('suite'),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    province: text('province'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

// spec 1 §3 Payment methods (one table, discriminated by type). Never a full card number or CVV.
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: text('user_id').notNull(),
    userType: text('user_type').notNull().default('TYPE_CUSTOMER'),
    type: text('type').notNull(),
    country: text('country'),
    processorToken: text('processor_token'),
    /** Keyed hash of the card or account number from the processor (spots the same card twice); never the number. */
    fingerprint: text('fingerprint'),
    brand: text('brand'),
    cardType: text('card_type'),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    nameOnCard: text('name_on_card'),
    billingAddressId: text('billing_address_id'),
    routingNumber: text('routing_number'),
    institutionNumber: text('institution_number'),
    transitNumber: text('transit_number'),
    accountHolder: text('account_holder'),
    bankName: text('bank_name'),
    walletType: text('wallet_type'),
    walletToken: text('wallet_token'),
    walletValidationUrl: text('wallet_validation_url'),
    expireIn: timestamp('expire_in', { withTimezone: true, mode: 'string' }),
    email: text('email'),
    agreementId: text('agreement_id'),
    installments: integer('installments'),
    termsAndConditionsUrl: text('terms_and_conditions_url'),
    acceptedTermsAndConditions: boolean('accepted_terms_and_conditions'),
    fundingMethodId: text('funding_method_id'),
    installmentDetails: jsonb('installment_details'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    // One live method per card or bank account and tenant (spec 1 §8: paysafe.7503 'credit-exists').
    uniqueIndex('payment_methods_fingerprint_uq')
      .on(t.userId, t.fingerprint)
      .where(sql`${t.deletedAt} IS NULL AND ${t.fingerprint} IS NOT NULL`),
    // One live method per approved online-wallet agreement (the approval page and POST /create may both create it).
    uniqueIndex('payment_methods_agreement_uq')
      .on(t.userId, t.agreementId)
      .where(sql`${t.deletedAt} IS NULL AND ${t.agreementId} IS NOT NULL`),
  ],
);

// spec 1 §3 Fee profile (company null = the platform default schedule)
export const feeProfiles = pgTable('fee_profiles', {
  id: id(),
  companyId: text('company_id'),
  service: text('service'),
  country: text('country'),
  paymentType: text('payment_type').notNull(),
  cardType: text('card_type'),
  cardBrand: text('card_brand'),
  walletType: text('wallet_type'),
  processor: text('processor'),
  padSchedule: boolean('pad_schedule'),
  feeRate: numeric('fee_rate', { precision: 12, scale: 4 }).notNull(),
  rateType: text('rate_type').notNull(), // FLAT | PERCENT
  feeType: text('fee_type'),
  internationalFeeRate: numeric('international_fee_rate', { precision: 12, scale: 4 }),
  internationalRateType: text('international_rate_type'),
  paidByCompany: boolean('paid_by_company').notNull().default(false),
  createdAt: createdAt(),
});

// spec 1 §3 Payment transaction: the append-only ledger
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    userId: text('user_id').notNull(),
    userType: text('user_type').notNull().default('TYPE_CUSTOMER'),
    billingAccountId: text('billing_account_id'),
    billingAccountType: text('billing_account_type').default('TYPE_PROPERTY_LEASE'),
    propertyId: text('property_id'),
    companyId: text('company_id'),
    amount: cents('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    transactionType: text('transaction_type').notNull().default('PAYMENT'),
    source: text('source'),
    paymentProviderId: text('payment_provider_id'),
    confirmationId: text('confirmation_id'),
    paymentMethodType: text('payment_method_type'),
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    last4: text('last4'),
    feeAmount: cents('fee_amount').notNull().default(0),
    feeType: text('fee_type'),
    feePaidByCompany: boolean('fee_paid_by_company').notNull().default(false),
    charges: jsonb('charges').$type<{ code?: string; name: string; amount: number }[]>().notNull().default([]),
    chargesDecimal: decimalLines('charges_decimal', 'charges', 'amount'),
    note: text('note'),
    hostedPaymentPageId: text('hosted_payment_page_id'),
    error: text('error'),
    parentTransactionId: text('parent_transaction_id'),
    recurringScheduleId: text('recurring_schedule_id'),
    idempotencyKey: text('idempotency_key'),
    // What the processor is asked to charge for this transaction (its id is the processor's idempotency key) and with
    // which method's token: a retry or a reclaim re-drives the same charge (issue 20), never a second one.
    chargeCents: cents('charge_cents'),
    chargeMethodId: text('charge_method_id'),
    /** When a retry or a reclaim last started charging it: the recovery leaves it alone for its age (issue 20). */
    chargeAttemptedAt: timestamp('charge_attempted_at', { withTimezone: true, mode: 'string' }),
    /** The admin who acted while viewing as the tenant (mimic), null when the tenant acted (issue 20 §2). */
    actedBy: text('acted_by'),
    createDate: timestamp('create_date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /**
     * issue 24: when it became COMPLETE (the processing KPI's settlement time), stamped by the database's trigger
     * (migration 0015) on every path that completes a transaction: its creation instant when recorded COMPLETE.
     */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('payment_transactions_user_idx').on(t.userId, t.createDate),
    index('payment_transactions_lease_idx').on(t.billingAccountId),
    index('payment_transactions_company_idx').on(t.companyId, t.createDate),
    // issue 24: the KPIs of a period over every company, and a property's figures (entity_details)
    index('payment_transactions_date_idx').on(t.createDate),
    index('payment_transactions_property_idx').on(t.propertyId, t.createDate),
    index('payment_transactions_parent_idx').on(t.parentTransactionId).where(sql`${t.parentTransactionId} IS NOT NULL`),
    // issue 20: one transaction per (user, Idempotency-Key), whatever the retries, crashes or servers
    uniqueIndex('payment_transactions_key_uq').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

// Allocation of a transaction to open charges (sums exactly to the transaction amount)
export const chargeAllocations = pgTable(
  'charge_allocations',
  {
    transactionId: text('transaction_id')
      .notNull()
      .references(() => paymentTransactions.id),
    openChargeId: text('open_charge_id')
      .notNull()
      .references(() => openCharges.id),
    amount: cents('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.openChargeId] })],
);

// Idempotency-Key records for payments (ARCHITECTURE: a retry returns the first answer)
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: text('user_id').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    /**
     * issue 20: renewed every second while a request runs under the key; null once it ended without an answer. A retry
     * takes over a key whose request is gone (stale or null), never one still running on another server.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'string' }).defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// The sandbox card and bank processor's own records (issue 20 §2): what an external processor keeps on its side, one
// answer per idempotency key for every API process on the database. Never a card or account number: tokens only.
export const sandboxProcessorCharges = pgTable('sandbox_processor_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  token: text('token').notNull(),
  amountCents: cents('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
  refundedCents: cents('refunded_cents').notNull().default(0),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  /** issue 23: a bank payment the bank sent back after it settled (NSF and other return codes, e.g. R01). */
  returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'string' }),
  returnCode: text('return_code'),
});
export const sandboxProcessorRefunds = pgTable('sandbox_processor_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  chargeId: text('charge_id').notNull(),
  amountCents: cents('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
});
export const sandboxProcessorDeletedTokens = pgTable('sandbox_processor_deleted_tokens', {
  token: text('token').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }).notNull(),
});

// spec 1 §3 Cash slip (loadhub / paysafe cash)
export const cashSlips = pgTable('cash_slips', {
  id: id(),
  userId: text('user_id').notNull(),
  billingAccountId: text('billing_account_id'),
  token: text('token').notNull(),
  amount: cents('amount').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull().default('ACTIVE'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
});

// spec 2 §3 Recurring schedule (autopay)
export const recurringSchedules = pgTable(
  'recurring_schedules',
  {
    id: id(),
    recurrenceType: text('recurrence_type').notNull().default('MONTHLY'),
    userType: text('user_type').notNull().default('TYPE_CUSTOMER'),
    userId: text('user_id').notNull(),
    billingAccountId: text('billing_account_id')
      .notNull()
      .references(() => propertyLeases.id),
    billingAccountType: text('billing_account_type').notNull().default('TYPE_PROPERTY_LEASE'),
    paymentMethodId: text('payment_method_id'),
    paymentMethodType: text('payment_method_type'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    customAmount: cents('custom_amount').notNull().default(0),
    padSchedule: boolean('pad_schedule').notNull().default(false),
    active: boolean('active').notNull().default(true),
    charges: jsonb('charges').$type<ChargeLine[]>().notNull().default([]),
    chargesDecimal: decimalLines('charges_decimal', 'charges', 'amount'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('recurring_schedules_lease_idx').on(t.billingAccountId)],
);

// spec 2 §3 Upcoming payment / one occurrence of a schedule; unique per schedule and period
export const recurringPayments = pgTable(
  'recurring_payments',
  {
    id: id(),
    recurringScheduleId: text('recurring_schedule_id')
      .notNull()
      .references(() => recurringSchedules.id),
    period: text('period').notNull(), // YYYY-MM
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    amount: cents('amount').notNull(),
    charges: jsonb('charges').$type<ChargeLine[]>().notNull().default([]),
    chargesDecimal: decimalLines('charges_decimal', 'charges', 'amount'),
    transactionId: text('transaction_id'),
    // The autopay job (issue 10): a runner claims a due row (status PROCESSING, claimedAt, claimedBy) inside a
    // FOR UPDATE SKIP LOCKED transaction; a claim older than the job's reclaim age is taken over. outcomeCode says why
    // a row ended as it did (e.g. MISSED, METHOD_BLOCKED, NOTHING_DUE, DECLINED, INSUFFICIENT_FUNDS).
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'string' }),
    claimedBy: text('claimed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'string' }),
    outcomeCode: text('outcome_code'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recurring_payments_period_uq').on(t.recurringScheduleId, t.period),
    index('recurring_payments_due_idx').on(t.status, t.scheduledDate),
  ],
);

// Notifications to a tenant (issue 10: autopay reminders and outcomes, instalments, vouchers), shown in the portal and
// sent by e-mail through a pluggable transport (an outbox: emailStatus PENDING until the dispatcher sends it). The
// dedupe key makes each notice once-only (e.g. reminder:<recurringPaymentId>), so two job runs never tell twice.
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id').notNull(),
    userType: text('user_type').notNull().default('TYPE_CUSTOMER'),
    billingAccountId: text('billing_account_id'),
    kind: text('kind').notNull(),
    // issue 25: a payment's notice also carries its charge lines (cents), the receipt's figures
    params: jsonb('params')
      .$type<Record<string, string | number | boolean | null | { code: string; name: string; amount: number }[]>>()
      .notNull()
      .default({}),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey), index('notifications_user_idx').on(t.userId, t.createdAt)],
);

// spec 1 §3 Document (lease and insurance documents); the file is stored outside any served folder
export const documents = pgTable(
  'documents',
  {
    id: id(),
    ownerType: text('owner_type').notNull(), // TYPE_CUSTOMER | TYPE_MANAGER | TYPE_ADMIN
    ownerId: text('owner_id').notNull(),
    customerId: text('customer_id').notNull(),
    recordType: text('record_type').notNull(), // PROPERTY_LEASE | INSURANCE_POLICY
    recordId: text('record_id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Issue 21: a manager's document the tenant deleted: hidden from the tenant only, kept (row and file) for the manager. */
    hiddenForCustomerAt: timestamp('hidden_for_customer_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('documents_customer_idx').on(t.customerId), index('documents_record_idx').on(t.recordType, t.recordId)],
);

// spec 2 §3 Credit report subscription. status: ACTIVE | UNSUBSCRIBED (no renewal; reported to the expiry date) |
// SUSPENDED (a renewal charge was refused) | TERMINATED (stopped now) | EXPIRED (its year ended without renewal).
export const creditReportSubscriptions = pgTable(
  'credit_report_subscriptions',
  {
    id: id(),
    userId: text('user_id').notNull(),
    billingAccountId: text('billing_account_id')
      .notNull()
      .references(() => propertyLeases.id),
    status: text('status').notNull(),
    subscriptionDate: date('subscription_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** spec 2 §4: reporting starts today, or the first of next month (the start-date rule). */
    startDate: date('start_date', { mode: 'string' }),
    feeAmount: cents('fee_amount').notNull().default(0),
    autoRenew: boolean('auto_renew').notNull().default(true),
    paymentMethodType: text('payment_method_type'),
    paymentMethodId: text('payment_method_id'),
    /** Why it is SUSPENDED or TERMINATED (e.g. the renewal card's refusal), for the tenant's notice. */
    statusReason: text('status_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
    createDate: timestamp('create_date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credit_report_subscriptions_user_idx').on(t.userId),
    // one live subscription per tenant and lease (concurrent subscribe calls make one)
    uniqueIndex('credit_report_subscriptions_live_uq')
      .on(t.userId, t.billingAccountId)
      .where(sql`status IN ('ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED')`),
  ],
);

/**
 * One row per subscription year: the claim that makes its fee charged once whatever the retries, crashes or second
 * runner (the autopay design: claim the term, then charge under the term's key). status: CLAIMED | PAID | REFUSED.
 */
export const creditReportTerms = pgTable(
  'credit_report_terms',
  {
    id: id(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => creditReportSubscriptions.id),
    termNumber: integer('term_number').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    feeCents: cents('fee_cents').notNull(),
    transactionId: text('transaction_id'),
    status: text('status').notNull().default('CLAIMED'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('credit_report_terms_uq').on(t.subscriptionId, t.termNumber)],
);

/** A month's furnisher file (Metro 2) sent to the bureau, once per period, with the bureau's answer. */
export const creditReportFiles = pgTable(
  'credit_report_files',
  {
    id: id(),
    /** 'YYYY-MM': the month reported. */
    period: text('period').notNull(),
    content: text('content').notNull(),
    recordCount: integer('record_count').notNull(),
    /** BUILT | DELIVERED | ANSWERED */
    status: text('status').notNull().default('BUILT'),
    bureauAnswer: jsonb('bureau_answer'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('credit_report_files_period_uq').on(t.period)],
);

// spec 2 §3 Credit report results: one row per subscription and reported month (never twice), with the bureau's answer
export const creditReports = pgTable(
  'credit_reports',
  {
    id: id(),
    subscriptionId: text('subscription_id').notNull(),
    reportedMonth: text('reported_month').notNull(),
    amountReported: cents('amount_reported').notNull().default(0),
    score: integer('score'),
    fileId: text('file_id'),
    /** Metro 2 account status code (11 current, 71 30 days late, 78 60, 80 90, ...). */
    accountStatus: text('account_status'),
    paymentRating: text('payment_rating'),
    scheduledPaymentCents: cents('scheduled_payment_cents'),
    /** SENT | ACCEPTED | REJECTED */
    status: text('status').notNull().default('SENT'),
    resultCode: text('result_code'),
    resultMessage: text('result_message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_reports_subscription_month_uq').on(t.subscriptionId, t.reportedMonth)],
);

// spec 2 §3 Insurance policy (external or partner)
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: id(),
    userId: text('user_id').notNull(),
    leaseId: text('lease_id')
      .notNull()
      .references(() => propertyLeases.id),
    carrierName: text('carrier_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    effectiveDate: date('effective_date', { mode: 'string' }),
    policyIdentifier: text('policy_identifier').notNull(),
    policyProvider: text('policy_provider').notNull(),
    status: text('status').notNull().default('NEW'),
    approvalStatus: text('approval_status').notNull().default('PENDING'),
    approvalStatusComment: text('approval_status_comment'),
    insuranceExternal: boolean('insurance_external').notNull().default(true),
    insuranceTerminated: boolean('insurance_terminated').notNull().default(false),
    /** A partner policy: the quote it was bought from, the partner's page for it and its monthly cost. */
    quoteId: text('quote_id'),
    providerUrl: text('provider_url'),
    monthlyCostCents: cents('monthly_cost_cents'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'string' }),
    reviewedBy: text('reviewed_by'),
    terminatedAt: timestamp('terminated_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('insurance_policies_lease_policy_uq').on(t.leaseId, t.policyIdentifier),
    index('insurance_policies_user_idx').on(t.userId),
  ],
);

/** spec 2 §7 Quote partners: a quote a partner gave a tenant for a lease (its link opens the partner's page). */
export const insuranceQuotes = pgTable(
  'insurance_quotes',
  {
    id: id(),
    userId: text('user_id').notNull(),
    leaseId: text('lease_id')
      .notNull()
      .references(() => propertyLeases.id),
    /** NUERA | MELLO | APOLLO */
    partner: text('partner').notNull(),
    partnerQuoteRef: text('partner_quote_ref').notNull(),
    link: text('link').notNull(),
    currency: text('currency').notNull(),
    monthlyCents: cents('monthly_cents'),
    yearlyCents: cents('yearly_cents'),
    /** QUOTED | PURCHASED */
    status: text('status').notNull().default('QUOTED'),
    policyId: text('policy_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('insurance_quotes_user_idx').on(t.userId),
    uniqueIndex('insurance_quotes_partner_ref_uq').on(t.partner, t.partnerQuoteRef),
  ],
);

/** The offline sandbox quote partners' own records (what a partner's system would keep): quotes and purchases. */
export const sandboxInsurancePartnerQuotes = pgTable('sandbox_insurance_partner_quotes', {
  id: id(),
  partner: text('partner').notNull(),
  request: jsonb('request').notNull(),
  monthlyCents: cents('monthly_cents').notNull(),
  yearlyCents: cents('yearly_cents').notNull(),
  currency: text('currency').notNull(),
  policyNumber: text('policy_number'),
  purchasedAt: timestamp('purchased_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
});

// spec 2 §3 Application page template (sections 3, 5, 6, 7, 8 with per-field booleans)
export const leaseApplicationPages = pgTable(
  'lease_application_pages',
  {
    id: id(),
    name: text('name').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    sections: jsonb('sections').$type<Record<string, Record<string, boolean>>>().notNull().default({}),
    customFields: jsonb('custom_fields').notNull().default([]),
    applicationFeeAmount: cents('application_fee_amount').notNull().default(0),
    creditReportEnabled: boolean('credit_report_enabled').notNull().default(false),
    backgroundCheckEnabled: boolean('background_check_enabled').notNull().default(false),
    identityVerificationEnabled: boolean('identity_verification_enabled').notNull().default(false),
    incomeVerificationEnabled: boolean('income_verification_enabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lease_application_pages_name_uq').on(t.name)],
);

// spec 2 §3 Lease application
export const leaseApplications = pgTable(
  'lease_applications',
  {
    id: id(),
    type: text('type').notNull().default('TYPE_LEASE_APPLICATION'),
    status: text('status').notNull().default('NOT_STARTED'),
    customerId: text('customer_id').notNull(),
    pageName: text('page_name'),
    propertyId: text('property_id'),
    companyId: text('company_id'),
    existingTenant: boolean('existing_tenant').notNull().default(false),
    acknowledgedTerms: boolean('acknowledged_terms').notNull().default(false),
    phone: text('phone'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    email: text('email'),
    birthDate: date('birth_date', { mode: 'string' }),
    sinLast3: text('sin_last3'),
    otherInfo: jsonb('other_info'),
    addresses: jsonb('addresses').notNull().default([]),
    otherOccupants: jsonb('other_occupants').notNull().default([]),
    employment: jsonb('employment'),
    referenceList: jsonb('reference_list').notNull().default([]),
    emergencyContact: jsonb('emergency_contact'),
    customFields: jsonb('custom_fields'),
    defaultFields: jsonb('default_fields'),
    /** The form step the tenant left off at (resume there). */
    currentStep: text('current_step'),
    /** The application fee charged at submit (cents) and its payment transaction (billingAccountType TYPE_LEASE_APPLICATION). */
    feeAmount: cents('fee_amount'),
    feeTransactionId: text('fee_transaction_id'),
    /** The Idempotency-Key of the submit that submitted it: its retry is answered the application, not a refusal. */
    submitKey: text('submit_key'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'string' }),
    /** The manager's decision (APPROVED / DECLINED): when, by whom, why; the lease an approval created. */
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    decidedBy: text('decided_by'),
    decisionComment: text('decision_comment'),
    leaseId: text('lease_id'),
    /** Hidden from the tenant (a decided application they deleted); kept for the manager and the ledger. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lease_applications_customer_idx').on(t.customerId),
    index('lease_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

// spec 2 §3 Screening detail
export const screenings = pgTable(
  'screenings',
  {
    id: id(),
    applicationId: text('application_id')
      .notNull()
      .references(() => leaseApplications.id),
    type: text('type').notNull(), // CREDIT | BASIC
    status: text('status').notNull(),
    requestId: text('request_id'),
    screenResult: jsonb('screen_result'),
    reportStorageKey: text('report_storage_key'),
    /** Provider calls tried (a PENDING screening is retried by the job) and the last failure. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('screenings_application_type_uq').on(t.applicationId, t.type)],
);

// spec 2 §3 Income verification report
export const incomeVerifications = pgTable(
  'income_verifications',
  {
    id: id(),
    applicationId: text('application_id')
      .notNull()
      .references(() => leaseApplications.id),
    status: text('status').notNull(),
    currentBalance: cents('current_balance'),
    monthlyPayrollIncome: cents('monthly_payroll_income'),
    monthlyIncome: cents('monthly_income'),
    monthlyIncomeTransfers: cents('monthly_income_transfers'),
    overdraftDays: integer('overdraft_days'),
    nsf: integer('nsf'),
    debtTransactionsCount: integer('debt_transactions_count'),
    pdfUrl: text('pdf_url'),
    requestId: text('request_id'),
    reportStorageKey: text('report_storage_key'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('income_verifications_application_uq').on(t.applicationId)],
);

// spec 2 §2 Onboarding page (self sign-up)
export const onBoardingPages = pgTable(
  'on_boarding_pages',
  {
    id: id(),
    name: text('name').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    autoApproval: boolean('auto_approval').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('on_boarding_pages_name_uq').on(t.name)],
);

// spec 2 §3 Integration (SAP) and its customers
export const integrations = pgTable('integrations', {
  id: id(),
  integrationType: text('integration_type').notNull(),
  companyId: text('company_id'),
  name: text('name'),
  createdAt: createdAt(),
});

export const integrationCustomers = pgTable('integration_customers', {
  id: id(),
  integrationId: text('integration_id')
    .notNull()
    .references(() => integrations.id),
  email: text('email'),
  customerNumber: text('customer_number').notNull(),
  externalPropertyId: text('external_property_id'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  unit: text('unit'),
  createdAt: createdAt(),
});

// spec 1 §2 Broadcast messages (severity CRITICAL, WARNING or other)
export const broadcastMessages = pgTable('broadcast_messages', {
  id: id(),
  severity: text('severity').notNull(),
  messageEn: text('message_en').notNull(),
  messageFr: text('message_fr').notNull(),
  companyId: text('company_id'),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
});

// spec 2 §9 tracking pixels, first-party: which add-on screens a tenant opened (user id and event only, no other data)
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    userId: text('user_id').notNull(),
    /** CREDIT_REPORTING_OPEN | INSURANCE_OPEN | PAYMENT_OPEN | AUTOPAY_OPEN */
    event: text('event').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_events_event_idx').on(t.event, t.createdAt)],
);

// spec 2 §7 GET /{recordType}/{id}/history and /events/search: the audit trail
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(), // CREATE | UPDATE | DELETE | LOGIN | ...
    changes: jsonb('changes'),
    actorId: text('actor_id'),
    actorType: text('actor_type'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_record_idx').on(t.recordType, t.recordId, t.createdAt)],
);

// Server-side sessions (issue 9 "Sessions that end"): every access token names one (sid); sign-out, a password change
// or a timeout ends it. A mimic session is a child of the admin's own session (parent_id) and ends with it.
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id').notNull(),
    userType: text('user_type').notNull(), // TYPE_CUSTOMER | TYPE_ADMIN | ...
    parentId: text('parent_id'),
    /** The lease an admin acts on in a mimic session (spec 1 §4 Mimic mode). */
    mimicLeaseId: text('mimic_lease_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last request seen (idle timeout); written at most once a minute. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Absolute lifetime: no refresh past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId, t.userType).where(sql`${t.revokedAt} IS NULL`),
    index('sessions_parent_idx').on(t.parentId).where(sql`${t.parentId} IS NOT NULL`),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

// Failed sign-ins per account, per (account, address) pair and per address (issue 21 §1: growing delays, no lock anyone
// can trigger; services/auth/sign-in-throttle.ts), shared by every API process on the database. Keys are keyed hashes.
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    scope: text('scope').notNull(), // account | pair | address
    key: text('key').notNull(),
    /** Failures in the window (an attempt counts while in flight; a success gives its attempt back). */
    failures: integer('failures').notNull(),
    /** First failure of the window. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The next attempt waits until then (the growing delay; null: no wait). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The window ends after SignInLimits.windowMs without a failure. */
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** account rows: when the owner was last told that sign-ins to the account are slowed down. */
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('sign_in_throttle_last_failure_idx').on(t.lastFailureAt)],
);

// Addresses an account has signed in from (issue 21 §1, OWASP "known device"): a keyed hash of the address per user, the
// most recent few only; the right password from one of them is never held back by the account's ceiling.
export const signInKnownAddresses = pgTable(
  'sign_in_known_addresses',
  {
    userId: text('user_id').notNull(),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

// issue 23: a manager's invitation of a tenant to a lease: an e-mailed sign-up link (the token stored hashed) that lands
// the tenant on that lease. One live invitation per lease; accepting sets property_leases.user_id.
export const leaseInvitations = pgTable(
  'lease_invitations',
  {
    id: id(),
    leaseId: text('lease_id')
      .notNull()
      .references(() => propertyLeases.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    languageCode: text('language_code').notNull().default('en'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'string' }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lease_invitations_token_uq').on(t.tokenHash),
    uniqueIndex('lease_invitations_live_uq').on(t.leaseId).where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

// issue 23 (spec 2 §6 "view tenant documents and notes"): the manager's notes on a lease, newest first; never shown to
// the tenant.
export const leaseNotes = pgTable(
  'lease_notes',
  {
    id: id(),
    leaseId: text('lease_id')
      .notNull()
      .references(() => propertyLeases.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    authorId: text('author_id').notNull(),
    authorType: text('author_type').notNull(), // TYPE_MANAGER | TYPE_ADMIN
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lease_notes_lease_idx').on(t.leaseId, t.createdAt)],
);

// issue 24 (spec 2 §7 /authorizeapi): API keys of a company for a property-management system or an accounting export.
// Only a keyed hash of the key is kept (HMAC-SHA256: the key is 256 random bits, so a slow hash buys nothing and would
// cost CPU on every exchange); the prefix is what lists show. Revoked keys stay (who made them, when last used).
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** The key's first characters (rpk_ and its public id), shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdById: text('created_by_id').notNull(),
    createdByType: text('created_by_type').notNull(), // TYPE_ADMIN | TYPE_MANAGER
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    revokedById: text('revoked_by_id'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
  ],
);

// issue 24 (spec 1 §6 TYPE_GOOGLE_OAUTH_ACCOUNT, spec 2 §7 /authorizeoauth): a tenant's identity at an OpenID Connect
// issuer, found again by (issuer, sub) on each sign-in: the e-mail may change at the issuer, the subject never does.
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: id(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    email: text('email'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('oidc_identities_subject_uq').on(t.issuer, t.subject),
    index('oidc_identities_customer_idx').on(t.customerId),
  ],
);

// issue 24 /set_log_level: settings every server on this database follows (key → value), e.g. 'log_level' → 'debug'.
// A change is announced with NOTIFY (services/operations/log-level.ts); servers also poll it.
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

// issue 24 "Statistics and KPIs": the ledger's KPI facts by month (UTC) and by what the KPIs group on, so a year of
// 10,000 leases is read as a few hundred rows. Rebuilt per month from payment_transactions (PAYMENT, REFUND, RETURN)
// when the statistics are read and the month is marked in kpi_dirty_months, which the ledger's triggers keep (migration
// 0016): the facts never drift from the ledger they summarise (services/stats/facts.ts).
export const kpiMonthlyFacts = pgTable(
  'kpi_monthly_facts',
  {
    month: date('month', { mode: 'string' }).notNull(),
    companyId: text('company_id'),
    propertyId: text('property_id'),
    currency: text('currency').notNull(),
    paymentMethodType: text('payment_method_type'),
    transactionType: text('transaction_type').notNull(),
    status: text('status').notNull(),
    billingAccountType: text('billing_account_type'),
    autopay: boolean('autopay').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: cents('amount').notNull(),
    feeAmount: cents('fee_amount').notNull(),
    settledN: bigint('settled_n', { mode: 'number' }).notNull(),
    settledSeconds: doublePrecision('settled_seconds').notNull(),
  },
  (t) => [
    index('kpi_monthly_facts_month_idx').on(t.month, t.companyId),
    index('kpi_monthly_facts_property_idx').on(t.propertyId, t.month),
  ],
);
// One mark per month and writing transaction (its xid): a writer never waits on another's mark (one mark per month
// made two writers marking two new months in opposite orders deadlock); the KPI reads delete them as they rebuild.
export const kpiDirtyMonths = pgTable(
  'kpi_dirty_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    xact: bigint('xact', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (t) => [primaryKey({ columns: [t.month, t.xact] })],
);

// issue 23 "Standards" (a lease ledger of 5,000 rows and a property of 2,000 leases stay quick): every line of the
// ledger (a charge: ord 0; a lease's payment transaction: ord 1) in one narrow table indexed in the ledger's order, so
// a page is read from an index instead of sorting the union of both tables, with each lease's totals kept beside it.
// Written only by the triggers of migration 0018 on open_charges, payment_transactions and property_leases (one
// definition of a line's signed amount: ledger_signed()), in the same transaction as the row they follow; never by
// the application (services/ledger/ledger-search.ts reads them).
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    ord: smallint('ord').notNull(),
    id: text('id').notNull(),
    leaseId: text('lease_id').notNull(),
    propertyId: text('property_id'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    signed: cents('signed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ord, t.id] }),
    index('ledger_lines_lease_idx').on(t.leaseId, t.at, t.ord, t.id),
    index('ledger_lines_property_idx').on(t.propertyId, t.at, t.ord, t.id),
  ],
);
export const ledgerLeaseTotals = pgTable(
  'ledger_lease_totals',
  {
    leaseId: text('lease_id').primaryKey(),
    propertyId: text('property_id'),
    n: bigint('n', { mode: 'number' }).notNull(),
    charged: cents('charged').notNull(),
    paid: cents('paid').notNull(),
    refunded: cents('refunded').notNull(),
    balance: cents('balance').notNull(),
  },
  (t) => [index('ledger_lease_totals_property_idx').on(t.propertyId)],
);

// issue 25: the durable mail outbox. A mail is written in the same transaction as what caused it (a notice's own row
// by the trigger notifications_mail, migration 0021; a reset or verification link by its service) and sent by the
// dispatcher (services/mail/dispatch.ts): PENDING → SENDING (claimed, committed) → SENT, or back to PENDING at
// next_attempt_at (back-off), FAILED after the last attempt, UNCERTAIN when a sender died mid-send (never re-sent
// by itself: the admin decides). `secret` is the sealed link token (lib/sealed.ts), wiped once the mail is settled.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    dedupeKey: text('dedupe_key').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    secret: text('secret'),
    toAddress: text('to_address').notNull(),
    languageCode: text('language_code').notNull().default('en'),
    userId: text('user_id'),
    userType: text('user_type'),
    notificationId: text('notification_id'),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'string' }),
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_uq').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_notification_idx').on(t.notificationId),
  ],
);

// issue 25: single-use links of an account (password reset; e-mail verification of a new or changed address). Only
// the SHA-256 of the token is kept; `email` is the address the link proves (for a change: the new one).
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    purpose: text('purpose').notNull(), // PASSWORD_RESET | EMAIL_VERIFY
    userId: text('user_id').notNull(),
    userType: text('user_type').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    /** Replaced by a newer link of the same purpose, or cancelled (an e-mail change withdrawn). */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

// issue 25: the demo's inbox. Without SMTP_URL, mail is "delivered" here (in the same transaction that marks it SENT)
// and served at /sandbox/mail, so a newcomer can follow a reset link of a mail that was "sent".
export const sandboxMailbox = pgTable(
  'sandbox_mailbox',
  {
    id: id(),
    outboxId: text('outbox_id'),
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_mailbox_to_idx').on(t.toAddress, t.createdAt), index('sandbox_mailbox_created_idx').on(t.createdAt)],
);
