// The searchable record types (docs/api-contract.md "Searches" and "Generic"): per type the allowed condition
// fields, joins, the tenant's scope, the default order and the SQL (constant text) that builds each record's JSON.
import { PAYSAFE_CASH_PENDING_DAYS, UNION_PAY_ORDER_HOURS } from '@portal/domain/limits';
import type { FieldDef } from './conditions.ts';
import { companyById, dec, isoInstant, parentCompanyById, propertyById, propertyJson } from './sql-fragments.ts';

export interface RecordTypeDef {
  /** Canonical lower-case name: the path segment, and the recordType of its audit events. */
  name: string;
  /** Alias of the base table in every fragment below. */
  alias: string;
  /** FROM of the inner (paged) query, including any join the tenant scope needs. */
  from: string;
  /** Column that must equal the tenant's id (ANDed into every query of a tenant). */
  ownerColumn: string;
  /**
   * issue 23: an SQL expression (over the base alias) of the record's company, which must equal a manager's company
   * (ANDed into every query of a manager). A type without one is not searchable by managers (403).
   */
  companyColumn?: string;
  /** A filter for everyone, admins included (e.g. soft-deleted rows). */
  filter?: string;
  fields: Readonly<Record<string, FieldDef>>;
  /** Allowed joins: name → a JSON expression over the base alias, placed under record.joins.<name>. */
  joins: Readonly<Record<string, string>>;
  /** The record's key/value pairs for json_build_object (over the base alias and the laterals). */
  select: string;
  /** LEFT JOIN LATERAL parts evaluated for the page rows only. */
  laterals?: string;
  order: string;
  /** For the history of a deleted record: the key, in the DELETE event's changes, of the owning customer. */
  deletedOwnerKey?: string;
}

const text = (column: string): FieldDef => ({ column, type: 'text' });
const date = (column: string): FieldDef => ({ column, type: 'date' });
const timestamp = (column: string): FieldDef => ({ column, type: 'timestamp' });
const integer = (column: string): FieldDef => ({ column, type: 'integer' });
const money = (column: string): FieldDef => ({ column, type: 'money' });
const boolean = (column: string): FieldDef => ({ column, type: 'boolean' });

/** The schedule's next PENDING payment, as alias `up` (read by upcomingJson('up')). */
const upcomingPaymentLateral = (scheduleId: string) => `LEFT JOIN LATERAL (
      SELECT p.status, p.scheduled_date, p.amount, p.charges_decimal FROM recurring_payments p
      WHERE p.recurring_schedule_id = ${scheduleId} AND p.status = 'PENDING'
      ORDER BY p.scheduled_date, p.id LIMIT 1) up ON true`;

const upcomingJson = (p: string) =>
  `CASE WHEN ${p}.scheduled_date IS NULL THEN NULL ELSE json_build_object('status', ${p}.status, 'scheduledDate', ${p}.scheduled_date, 'amount', ${dec(`${p}.amount`)}, 'charges', ${p}.charges_decimal) END`;

// ---------------------------------------------------------------- property_lease (spec 1 §3)
/**
 * issue 21 §1: redirect payments (union pay, paysafe cash) waiting for the tenant to pay at the provider. Their
 * allocations already count against the charges (so the amount rules count them), but the money is not received: the
 * tenant's balance adds `allocated` back and shows the payment as pending (ARCHITECTURE "Data": ledger invariant kept).
 */
const pendingRedirectLateral = (leaseId: string) => `LEFT JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', pt.id, 'paymentMethodType', pt.payment_method_type,
               'amount', ${dec('pt.amount')}, 'allocated', ${dec('pa.cents')}, 'createDate', ${isoInstant('pt.create_date')},
               'expiresAt', ${isoInstant(`(pt.create_date + CASE pt.payment_method_type WHEN 'TYPE_UNION_PAY' THEN interval '${UNION_PAY_ORDER_HOURS} hours' ELSE interval '${PAYSAFE_CASH_PENDING_DAYS} days' END)`)},
               'charges', pa.charges)
               ORDER BY pt.create_date, pt.id), '[]'::json) AS pending
      FROM payment_transactions pt
      LEFT JOIN LATERAL (SELECT coalesce(sum(ca.amount), 0) AS cents,
          coalesce(json_agg(json_build_object('id', pc.id, 'dueDate', pc.due_date, 'allocated', ${dec('ca.amount')})
            ORDER BY pc.due_date, pc.id) FILTER (WHERE pc.id IS NOT NULL), '[]'::json) AS charges
        FROM charge_allocations ca JOIN open_charges pc ON pc.id = ca.open_charge_id WHERE ca.transaction_id = pt.id) pa ON true
      WHERE pt.billing_account_id = ${leaseId} AND pt.status = 'PENDING'
        AND pt.payment_method_type IN ('TYPE_UNION_PAY', 'TYPE_PAYSAFE_CASH')) pp ON true`;

const propertyLease: RecordTypeDef = {
  name: 'property_lease',
  alias: 'l',
  from: 'property_leases l',
  ownerColumn: 'l.user_id',
  companyColumn: 'l.company_id',
  fields: {
    id: text('l.id'),
    status: text('l.status'),
    unit: text('l.unit'),
    userId: text('l.user_id'),
    userType: text('l.user_type'),
    propertyId: text('l.property_id'),
    companyId: text('l.company_id'),
    startDate: date('l.start_date'),
    endDate: date('l.end_date'),
    monthlyPaymentDueDay: integer('l.monthly_payment_due_day'),
    requireAutoPay: boolean('l.require_auto_pay'),
    blockPartialPayments: boolean('l.block_partial_payments'),
    acceptInstallmentPay: boolean('l.accept_installment_pay'),
  },
  joins: {
    property: propertyById('l.property_id'),
    company: companyById('l.company_id'),
    parentCompany: parentCompanyById('l.company_id'),
    customer:
      "(SELECT json_build_object('id', jcu.id, 'phone', jcu.phone, 'email', jcu.email) FROM customers jcu WHERE jcu.id = l.user_id)",
  },
  select: `'id', l.id, 'billingAccountType', 'TYPE_PROPERTY_LEASE', 'status', l.status, 'unit', l.unit,
    'userId', l.user_id, 'userType', l.user_type, 'propertyId', l.property_id, 'companyId', l.company_id,
    'startDate', l.start_date, 'endDate', l.end_date, 'tenantNotes', l.tenant_notes,
    'monthlyPaymentDueDay', l.monthly_payment_due_day, 'requireAutoPay', l.require_auto_pay, 'charges', l.charges_decimal,
    'services', l.services_decimal, 'blockPayments', l.block_payments, 'blockPartialPayments', l.block_partial_payments,
    'acceptInstallmentPay', l.accept_installment_pay, 'openCharges', oc.open_charges, 'balance', ${dec('oc.balance')},
    'recurringSchedule', CASE WHEN rs.id IS NULL THEN NULL ELSE json_build_object('id', rs.id, 'active', rs.active,
      'customAmount', ${dec('rs.custom_amount')}, 'padSchedule', rs.pad_schedule, 'paymentMethodId', rs.payment_method_id,
      'paymentMethodType', rs.payment_method_type, 'startDate', rs.start_date) END,
    'recurringScheduleStatus', CASE WHEN rs.id IS NULL THEN NULL WHEN rs.active THEN 'ACTIVE' ELSE 'INACTIVE' END,
    'recurringScheduleUpcomingPayment', ${upcomingJson('up')},
    'recurringScheduleUpcomingPaymentDate', up.scheduled_date, 'pendingPayments', pp.pending`,
  // Open charges with a balance, by due date, and their sum; the active schedule (else the latest) and its next PENDING payment.
  laterals: `LEFT JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code, 'dueDate', c.due_date,
               'balance', ${dec('c.balance')}, 'amount', ${dec('c.amount')}, 'postMonth', c.post_month) ORDER BY c.due_date, c.id), '[]'::json) AS open_charges,
             coalesce(sum(c.balance), 0) AS balance
      FROM open_charges c WHERE c.billing_account_id = l.id AND c.balance > 0) oc ON true
    ${pendingRedirectLateral('l.id')}
    LEFT JOIN LATERAL (
      SELECT s.id, s.active, s.custom_amount, s.pad_schedule, s.payment_method_id, s.payment_method_type, s.start_date
      FROM recurring_schedules s WHERE s.billing_account_id = l.id
      ORDER BY s.active DESC, s.created_at DESC, s.id DESC LIMIT 1) rs ON true
    ${upcomingPaymentLateral('rs.id')}`,
  order: 'l.created_at, l.id',
};

// ---------------------------------------------------------------- open_charge (via lease ownership)
const openCharge: RecordTypeDef = {
  name: 'open_charge',
  alias: 'c',
  from: 'open_charges c JOIN property_leases cl ON cl.id = c.billing_account_id',
  ownerColumn: 'cl.user_id',
  companyColumn: 'cl.company_id',
  fields: {
    id: text('c.id'),
    billingAccountId: text('c.billing_account_id'),
    code: text('c.code'),
    name: text('c.name'),
    dueDate: date('c.due_date'),
    postMonth: date('c.post_month'),
    balance: money('c.balance'),
    amount: money('c.amount'),
  },
  joins: {},
  select: `'id', c.id, 'billingAccountId', c.billing_account_id, 'name', c.name, 'code', c.code, 'dueDate', c.due_date,
    'balance', ${dec('c.balance')}, 'amount', ${dec('c.amount')}, 'postMonth', c.post_month`,
  order: 'c.due_date, c.id',
};

// ---------------------------------------------------------------- payment_transaction (newest first)
const paymentTransaction: RecordTypeDef = {
  name: 'payment_transaction',
  alias: 't',
  from: 'payment_transactions t',
  ownerColumn: 't.user_id',
  companyColumn: 't.company_id',
  fields: {
    id: text('t.id'),
    userId: text('t.user_id'),
    billingAccountId: text('t.billing_account_id'),
    billingAccountType: text('t.billing_account_type'),
    propertyId: text('t.property_id'),
    companyId: text('t.company_id'),
    status: text('t.status'),
    transactionType: text('t.transaction_type'),
    source: text('t.source'),
    currency: text('t.currency'),
    paymentMethodType: text('t.payment_method_type'),
    paymentMethodId: text('t.payment_method_id'),
    confirmationId: text('t.confirmation_id'),
    recurringScheduleId: text('t.recurring_schedule_id'),
    amount: money('t.amount'),
    createDate: timestamp('t.create_date'),
  },
  joins: {
    property: propertyById('t.property_id'),
    company: companyById('coalesce(t.company_id, (SELECT tp.company_id FROM properties tp WHERE tp.id = t.property_id))'),
  },
  select: `'id', t.id, 'userId', t.user_id, 'billingAccountId', t.billing_account_id,
    'billingAccountType', t.billing_account_type, 'propertyId', t.property_id,
    'amount', ${dec('t.amount')}, 'currency', t.currency, 'status', t.status, 'transactionType', t.transaction_type,
    'source', t.source, 'paymentProviderId', t.payment_provider_id, 'createDate', ${isoInstant('t.create_date')},
    'confirmationId', t.confirmation_id, 'paymentMethodType', t.payment_method_type, 'paymentMethodId', t.payment_method_id,
    'cardBrand', t.card_brand, 'last4', t.last4, 'feeAmount', ${dec('t.fee_amount')}, 'feeType', t.fee_type,
    'feePaidByCompany', t.fee_paid_by_company, 'charges', t.charges_decimal, 'note', t.note,
    'hostedPaymentPageId', t.hosted_payment_page_id, 'error', t.error`,
  order: 't.create_date DESC, t.id DESC',
};

// ---------------------------------------------------------------- recurring_schedule (spec 2 §3)
const recurringSchedule: RecordTypeDef = {
  name: 'recurring_schedule',
  alias: 's',
  from: 'recurring_schedules s',
  ownerColumn: 's.user_id',
  companyColumn: '(SELECT sl.company_id FROM property_leases sl WHERE sl.id = s.billing_account_id)',
  fields: {
    id: text('s.id'),
    userId: text('s.user_id'),
    billingAccountId: text('s.billing_account_id'),
    paymentMethodId: text('s.payment_method_id'),
    paymentMethodType: text('s.payment_method_type'),
    recurrenceType: text('s.recurrence_type'),
    startDate: date('s.start_date'),
    active: boolean('s.active'),
    padSchedule: boolean('s.pad_schedule'),
    customAmount: money('s.custom_amount'),
  },
  joins: {
    property:
      '(SELECT ' +
      propertyJson('jp') +
      ' FROM property_leases jl JOIN properties jp ON jp.id = jl.property_id WHERE jl.id = s.billing_account_id)',
  },
  select: `'id', s.id, 'recurrenceType', s.recurrence_type, 'userId', s.user_id, 'userType', s.user_type,
    'billingAccountId', s.billing_account_id, 'billingAccountType', s.billing_account_type,
    'paymentMethodId', s.payment_method_id, 'paymentMethodType', s.payment_method_type, 'startDate', s.start_date,
    'customAmount', ${dec('s.custom_amount')}, 'padSchedule', s.pad_schedule, 'active', s.active, 'charges', s.charges_decimal,
    'upcomingPayment', ${upcomingJson('up')}`,
  laterals: upcomingPaymentLateral('s.id'),
  order: 's.created_at, s.id',
};

// ---------------------------------------------------------------- document (tenant scope: customerId)
const document: RecordTypeDef = {
  name: 'document',
  alias: 'd',
  from: 'documents d',
  // issue 21: a manager's document the tenant deleted is hidden from the tenant only (the hidden test rides in front)
  ownerColumn: 'd.hidden_for_customer_at IS NULL AND d.customer_id',
  companyColumn: `(CASE d.record_type
      WHEN 'PROPERTY_LEASE' THEN (SELECT dl.company_id FROM property_leases dl WHERE dl.id = d.record_id)
      WHEN 'INSURANCE_POLICY' THEN (SELECT dpl.company_id FROM insurance_policies dip
        JOIN property_leases dpl ON dpl.id = dip.lease_id WHERE dip.id = d.record_id) END)`,
  fields: {
    id: text('d.id'),
    customerId: text('d.customer_id'),
    ownerType: text('d.owner_type'),
    ownerId: text('d.owner_id'),
    recordType: text('d.record_type'),
    recordId: text('d.record_id'),
    name: text('d.name'),
    createDate: timestamp('d.created_at'),
  },
  joins: {},
  select: `'id', d.id, 'url', d.url, 'ownerType', d.owner_type, 'name', d.name, 'size', d.size,
    'recordType', d.record_type, 'recordId', d.record_id, 'createDate', ${isoInstant('d.created_at')}`,
  order: 'd.created_at DESC, d.id',
  deletedOwnerKey: 'customerId',
};

// ---------------------------------------------------------------- lease_application (spec 2 §3)
const leaseApplication: RecordTypeDef = {
  name: 'lease_application',
  alias: 'a',
  from: 'lease_applications a',
  // A tenant sees only their applications that are not hidden (a DECLINED / CANCELLED one they deleted, kept for the
  // manager and the ledger): the tenant's condition is `<ownerColumn> = $id`, so the hidden test rides in front of it.
  ownerColumn: 'a.deleted_at IS NULL AND a.customer_id',
  companyColumn: 'a.company_id',
  fields: {
    id: text('a.id'),
    customerId: text('a.customer_id'),
    type: text('a.type'),
    status: text('a.status'),
    propertyId: text('a.property_id'),
    companyId: text('a.company_id'),
    pageName: text('a.page_name'),
    email: text('a.email'),
    currentStep: text('a.current_step'),
    submittedAt: timestamp('a.submitted_at'),
    decidedAt: timestamp('a.decided_at'),
    leaseId: text('a.lease_id'),
    createDate: timestamp('a.created_at'),
    updateDate: timestamp('a.updated_at'),
  },
  joins: {
    property: propertyById('a.property_id'),
    lap: `(SELECT json_build_object('creditReportEnabled', jlap.credit_report_enabled,
      'backgroundCheckEnabled', jlap.background_check_enabled, 'identityVerificationEnabled', jlap.identity_verification_enabled,
      'incomeVerificationEnabled', jlap.income_verification_enabled, 'sections', jlap.sections,
      'applicationFeeAmount', ${dec('jlap.application_fee_amount')}) FROM lease_application_pages jlap WHERE jlap.name = a.page_name)`,
  },
  select: `'id', a.id, 'type', a.type, 'status', a.status, 'propertyId', a.property_id, 'companyId', a.company_id,
    'pageName', a.page_name, 'existingTenant', a.existing_tenant, 'acknowledgedTerms', a.acknowledged_terms,
    'phone', a.phone, 'firstName', a.first_name, 'middleName', a.middle_name, 'lastName', a.last_name, 'email', a.email,
    'birthDate', a.birth_date, 'sinLast3', a.sin_last3, 'otherInfo', a.other_info, 'addresses', a.addresses,
    'otherOccupants', a.other_occupants, 'employment', a.employment, 'referenceList', a.reference_list,
    'emergencyContact', a.emergency_contact, 'customFields', a.custom_fields, 'currentStep', a.current_step,
    'feeAmount', ${dec('a.fee_amount')}, 'feeTransactionId', a.fee_transaction_id, 'submittedAt', ${isoInstant('a.submitted_at')},
    'decidedAt', ${isoInstant('a.decided_at')}, 'decisionComment', a.decision_comment, 'leaseId', a.lease_id,
    'createDate', ${isoInstant('a.created_at')}, 'updateDate', ${isoInstant('a.updated_at')}`,
  order: 'a.created_at DESC, a.id',
};

// ---------------------------------------------------------------- credit_report (subscriptions, spec 2 §3)
const creditReport: RecordTypeDef = {
  name: 'credit_report',
  alias: 'cr',
  from: 'credit_report_subscriptions cr',
  ownerColumn: 'cr.user_id',
  companyColumn: '(SELECT crl.company_id FROM property_leases crl WHERE crl.id = cr.billing_account_id)',
  // issue 22: PENDING (first fee being charged) and DECLINED (refused) are internal, never answered
  filter: `cr.status IN ('ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED', 'TERMINATED', 'EXPIRED')`,
  fields: {
    id: text('cr.id'),
    userId: text('cr.user_id'),
    billingAccountId: text('cr.billing_account_id'),
    status: text('cr.status'),
    autoRenew: boolean('cr.auto_renew'),
    expiryDate: date('cr.expiry_date'),
  },
  joins: {
    property: `(SELECT ${propertyJson('jp')} FROM property_leases jl JOIN properties jp ON jp.id = jl.property_id WHERE jl.id = cr.billing_account_id)`,
  },
  // The subscription as credit-report-shapes.ts creditReportSubscriptionSchema answers it (the web reads one shape).
  select: `'id', cr.id, 'userId', cr.user_id, 'billingAccountId', cr.billing_account_id, 'status', cr.status,
    'subscriptionDate', cr.subscription_date, 'startDate', coalesce(cr.start_date, cr.subscription_date),
    'expiryDate', cr.expiry_date, 'feeAmount', ${dec('cr.fee_amount')},
    'autoRenew', cr.auto_renew, 'paymentMethodType', cr.payment_method_type, 'paymentMethodId', cr.payment_method_id,
    'statusReason', cr.status_reason, 'endedAt', ${isoInstant('cr.ended_at')},
    'paymentMethod', (SELECT json_build_object('type', crm.type, 'brand', crm.brand, 'last4', crm.last4)
      FROM payment_methods crm WHERE crm.id = cr.payment_method_id),
    'property', (SELECT json_build_object('id', crp.id, 'propertyName', crp.property_name, 'street1', crp.street1,
      'city', crp.city, 'province', crp.province)
      FROM property_leases crl JOIN properties crp ON crp.id = crl.property_id WHERE crl.id = cr.billing_account_id),
    'createDate', ${isoInstant('cr.create_date')}`,
  order: 'cr.create_date DESC, cr.id',
};

// ---------------------------------------------------------------- insurance_policy (spec 2 §3, with its documents)
const insurancePolicy: RecordTypeDef = {
  name: 'insurance_policy',
  alias: 'ip',
  from: 'insurance_policies ip',
  ownerColumn: 'ip.user_id',
  companyColumn: '(SELECT ipl.company_id FROM property_leases ipl WHERE ipl.id = ip.lease_id)',
  fields: {
    id: text('ip.id'),
    userId: text('ip.user_id'),
    leaseId: text('ip.lease_id'),
    policyIdentifier: text('ip.policy_identifier'),
    policyProvider: text('ip.policy_provider'),
    status: text('ip.status'),
    approvalStatus: text('ip.approval_status'),
    insuranceExternal: boolean('ip.insurance_external'),
    insuranceTerminated: boolean('ip.insurance_terminated'),
  },
  joins: {
    property: `(SELECT ${propertyJson('jp')} FROM property_leases jl JOIN properties jp ON jp.id = jl.property_id WHERE jl.id = ip.lease_id)`,
  },
  select: `'id', ip.id, 'userId', ip.user_id, 'leaseId', ip.lease_id, 'carrierName', ip.carrier_name,
    'firstName', ip.first_name, 'lastName', ip.last_name, 'startDate', ip.start_date, 'endDate', ip.end_date,
    'effectiveDate', ip.effective_date, 'policyIdentifier', ip.policy_identifier, 'policyProvider', ip.policy_provider,
    'status', ip.status, 'approvalStatus', ip.approval_status, 'approvalStatusComment', ip.approval_status_comment,
    'insuranceExternal', ip.insurance_external, 'insuranceTerminated', ip.insurance_terminated,
    'providerUrl', ip.provider_url, 'monthlyCost', ${dec('ip.monthly_cost_cents')},
    'reviewedAt', ${isoInstant('ip.reviewed_at')}, 'terminatedAt', ${isoInstant('ip.terminated_at')},
    'createDate', ${isoInstant('ip.created_at')}, 'documents', ipd.documents`,
  laterals: `LEFT JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', dd.id, 'url', dd.url, 'name', dd.name, 'size', dd.size)
               ORDER BY dd.created_at, dd.id), '[]'::json) AS documents
      FROM documents dd WHERE dd.record_type = 'INSURANCE_POLICY' AND dd.record_id = ip.id) ipd ON true`,
  order: 'ip.created_at DESC, ip.id',
};

// ---------------------------------------------------------------- screening and income_verification (via the application)
const screening: RecordTypeDef = {
  name: 'screening',
  alias: 'sc',
  from: 'screenings sc JOIN lease_applications sca ON sca.id = sc.application_id',
  ownerColumn: 'sca.customer_id',
  companyColumn: 'sca.company_id',
  fields: { id: text('sc.id'), applicationId: text('sc.application_id'), type: text('sc.type'), status: text('sc.status') },
  joins: {},
  select: `'id', sc.id, 'applicationId', sc.application_id, 'type', sc.type, 'status', sc.status,
    'requestId', sc.request_id, 'screenResult', sc.screen_result, 'createDate', ${isoInstant('sc.created_at')}`,
  order: 'sc.created_at DESC, sc.id',
};

const incomeVerification: RecordTypeDef = {
  name: 'income_verification',
  alias: 'iv',
  from: 'income_verifications iv JOIN lease_applications iva ON iva.id = iv.application_id',
  ownerColumn: 'iva.customer_id',
  companyColumn: 'iva.company_id',
  fields: { id: text('iv.id'), applicationId: text('iv.application_id'), status: text('iv.status') },
  joins: {},
  select: `'id', iv.id, 'applicationId', iv.application_id, 'status', iv.status, 'currentBalance', ${dec('iv.current_balance')},
    'monthlyPayrollIncome', ${dec('iv.monthly_payroll_income')}, 'monthlyIncome', ${dec('iv.monthly_income')},
    'monthlyIncomeTransfers', ${dec('iv.monthly_income_transfers')}, 'overdraftDays', iv.overdraft_days, 'nsf', iv.nsf,
    'debtTransactionsCount', iv.debt_transactions_count, 'pdfUrl', iv.pdf_url, 'createDate', ${isoInstant('iv.created_at')}`,
  order: 'iv.created_at DESC, iv.id',
};

// ---------------------------------------------------------------- customer, address, payment_method (generic reads)
const customer: RecordTypeDef = {
  name: 'customer',
  alias: 'cu',
  from: 'customers cu',
  ownerColumn: 'cu.id',
  fields: { id: text('cu.id'), email: text('cu.email') },
  joins: {},
  select: `'id', cu.id, 'firstName', cu.first_name, 'lastName', cu.last_name, 'email', cu.email,
    'birthDate', cu.birth_date, 'phone', cu.phone, 'phoneMetadata', cu.phone_metadata, 'phoneStatus', cu.phone_status,
    'alternatePhone', cu.alternate_phone, 'languageCode', cu.language_code,
    'preferredContactMethod', cu.preferred_contact_method,
    'muteTextMessageNotification', cu.mute_text_message_notification,
    'textMessageNotificationMutedBy', cu.text_message_notification_muted_by,
    'acknowledgedTerms', cu.acknowledged_terms, 'country', cu.country, 'accountType', cu.account_type`,
  order: 'cu.created_at, cu.id',
};

const address: RecordTypeDef = {
  name: 'address',
  alias: 'ad',
  from: 'addresses ad',
  ownerColumn: 'ad.user_id',
  fields: { id: text('ad.id'), userId: text('ad.user_id'), addressType: text('ad.address_type'), country: text('ad.country') },
  joins: {},
  select: `'id', ad.id, 'userId', ad.user_id, 'userType', ad.user_type, 'addressType', ad.address_type,
    'suite', ad.suite, 'street1', ad.street1, 'street2', ad.street2, 'city', ad.city, 'province', ad.province,
    'postalCode', ad.postal_code, 'country', ad.country, 'createDate', ${isoInstant('ad.created_at')}`,
  order: 'ad.created_at, ad.id',
};

// Never the processor or wallet tokens (ARCHITECTURE "Providers": token, brand, last4 and expiry only).
const paymentMethod: RecordTypeDef = {
  name: 'payment_method',
  alias: 'pm',
  from: 'payment_methods pm',
  ownerColumn: 'pm.user_id',
  filter: 'pm.deleted_at IS NULL',
  fields: { id: text('pm.id'), userId: text('pm.user_id'), type: text('pm.type'), country: text('pm.country') },
  joins: {},
  select: `'id', pm.id, 'userId', pm.user_id, 'userType', pm.user_type, 'type', pm.type, 'country', pm.country,
    'brand', pm.brand, 'cardType', pm.card_type, 'last4', pm.last4, 'expiryMonth', pm.expiry_month,
    'expiryYear', pm.expiry_year, 'nameOnCard', pm.name_on_card, 'billingAddressId', pm.billing_address_id,
    'accountHolder', pm.account_holder, 'bankName', pm.bank_name, 'routingNumber', pm.routing_number,
    'institutionNumber', pm.institution_number, 'transitNumber', pm.transit_number, 'walletType', pm.wallet_type,
    'expireIn', ${isoInstant('pm.expire_in')}, 'email', pm.email, 'installments', pm.installments, 'createDate', ${isoInstant('pm.created_at')}`,
  order: 'pm.created_at, pm.id',
};

export const RECORD_TYPES: Readonly<Record<string, RecordTypeDef>> = Object.fromEntries(
  [
    propertyLease,
    openCharge,
    paymentTransaction,
    recurringSchedule,
    document,
    leaseApplication,
    creditReport,
    insurancePolicy,
    screening,
    incomeVerification,
    customer,
    address,
    paymentMethod,
  ].map((def) => [def.name, def]),
);

/** The record type named by a path segment (case-insensitive: DOCUMENT = document), or undefined. */
export function recordTypeOf(segment: string): RecordTypeDef | undefined {
  const name = segment.toLowerCase();
  return Object.hasOwn(RECORD_TYPES, name) ? RECORD_TYPES[name] : undefined;
}
