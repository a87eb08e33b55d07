// Constant SQL fragments shared by the record types: JSON records built, and written out as text, by the database
// (one round trip a page; the API splices the text into its answer without parsing it).
// Money is stored in cents and leaves the database as decimals (ARCHITECTURE: JSON carries decimals): dec() below
// for amount columns; jsonb lines are read from their decimal twins (the *_decimal generated columns, schema.ts).

/** A cents column or expression as a decimal (exact: integer × 0.01 is a numeric with 2 decimals; NULL stays NULL). */
export const dec = (cents: string) => `(${cents} * 0.01)`;

/** to_char's pattern of an instant as the API answers it: ISO 8601 in UTC with milliseconds (issue 20 §3). */
export const ISO_INSTANT_PATTERN = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** A timestamptz column as '2026-03-05T12:00:00.000Z' whatever the session's TimeZone (NULL stays NULL), as toIsoInstant. */
export const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', '${ISO_INSTANT_PATTERN}')`;

/** A properties row (alias given) as the joined Property of spec 1 §3. */
export const propertyJson = (p: string) => `json_build_object(
  'id', ${p}.id, 'companyId', ${p}.company_id, 'propertyName', ${p}.property_name, 'street1', ${p}.street1,
  'street2', ${p}.street2, 'city', ${p}.city, 'province', ${p}.province, 'country', ${p}.country,
  'postalCode', ${p}.postal_code, 'category', ${p}.category, 'propertyIdentifier', ${p}.property_identifier,
  'customCard', ${p}.custom_card, 'acceptedPaymentTypes', ${p}.accepted_payment_types,
  'monevoIntegration', ${p}.monevo_integration, 'paypalCreditIntegration', ${p}.paypal_credit_integration,
  'insuranceIntegration', ${p}.insurance_integration, 'service_urcsi', ${p}.service_urcsi,
  'service_neofinancial', ${p}.service_neofinancial, 'payByTextEnabled', ${p}.pay_by_text_enabled)`;

/** A companies row (alias given) as the joined Company of spec 1 §3. */
export const companyJson = (c: string) => `json_build_object(
  'id', ${c}.id, 'parentId', ${c}.parent_id, 'name', ${c}.name, 'landlordId', ${c}.landlord_id, 'country', ${c}.country,
  'overpaymentAllowed', ${c}.overpayment_allowed, 'manageBalance', ${c}.manage_balance,
  'onlyPMPaymentAllowed', ${c}.only_pm_payment_allowed, 'enforceCustomAmount', ${c}.enforce_custom_amount,
  'blockPartialPayments', ${c}.block_partial_payments, 'displayChargeCodes', ${c}.display_charge_codes,
  'chargeCodes', ${c}.charge_codes, 'softMaximumPaymentAmount', ${dec(`${c}.soft_maximum_payment_amount`)},
  'createBankAccountFromPlaidRequired', ${c}.create_bank_account_from_plaid_required,
  'acceptedPaymentTypes', ${c}.accepted_payment_types, 'serviceCreditReporting', ${c}.service_credit_reporting,
  'customCard', ${c}.custom_card, 'conciergeEnabled', ${c}.concierge_enabled,
  'insuranceIntegration', ${c}.insurance_integration, 'microlendingEnabled', ${c}.microlending_enabled,
  'neobankPromotionEnabled', ${c}.neobank_promotion_enabled, 'integrationId', ${c}.integration_id)`;

/** Scalar subqueries for joins.property / joins.company / joins.parentCompany from a property id and company id expression. */
export const propertyById = (idExpr: string) => `(SELECT ${propertyJson('jp')} FROM properties jp WHERE jp.id = ${idExpr})`;
export const companyById = (idExpr: string) => `(SELECT ${companyJson('jc')} FROM companies jc WHERE jc.id = ${idExpr})`;
export const parentCompanyById = (idExpr: string) =>
  `(SELECT ${companyJson('jpc')} FROM companies jcc JOIN companies jpc ON jpc.id = jcc.parent_id WHERE jcc.id = ${idExpr})`;

export type Json = Record<string, unknown>;
