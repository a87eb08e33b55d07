// Constant SQL fragments shared by the record types: JSON objects built in the database (one round trip a page).
// Money stays in cents here; each record type's mapper converts to decimals with fromCents.
import { fromCents } from '@portal/domain/money';

/** A properties row (alias given) as the joined Property of spec 1 §3. */
export const propertyJson = (p: string) => `json_build_object(
  'id', ${p}.id, 'companyId', ${p}.company_id, 'propertyName', ${p}.property_name, 'street1', ${p}.street1,
  'street2', ${p}.street2, 'city', ${p}.city, 'province', ${p}.province, 'country', ${p}.country,
  'postalCode', ${p}.postal_code, 'category', ${p}.category, 'propertyIdentifier', ${p}.property_identifier,
  'customCard', ${p}.custom_card, 'acceptedPaymentTypes', ${p}.accepted_payment_types,
  'monevoIntegration', ${p}.monevo_integration, 'paypalCreditIntegration', ${p}.paypal_credit_integration,
  'insuranceIntegration', ${p}.insurance_integration, 'service_urcsi', ${p}.service_urcsi,
  'service_neofinancial', ${p}.service_neofinancial, 'payByTextEnabled', ${p}.pay_by_text_enabled)`;

/** A companies row (alias given) as the joined Company of spec 1 §3 (softMaximumPaymentAmount in cents). */
export const companyJson = (c: string) => `json_build_object(
  'id', ${c}.id, 'parentId', ${c}.parent_id, 'name', ${c}.name, 'landlordId', ${c}.landlord_id, 'country', ${c}.country,
  'overpaymentAllowed', ${c}.overpayment_allowed, 'manageBalance', ${c}.manage_balance,
  'onlyPMPaymentAllowed', ${c}.only_pm_payment_allowed, 'enforceCustomAmount', ${c}.enforce_custom_amount,
  'blockPartialPayments', ${c}.block_partial_payments, 'displayChargeCodes', ${c}.display_charge_codes,
  'chargeCodes', ${c}.charge_codes, 'softMaximumPaymentAmount', ${c}.soft_maximum_payment_amount,
  'createBankAccountFromPlaidRequired', ${c}.create_bank_account_from_plaid_required,
  'acceptedPaymentTypes', ${c}.accepted_payment_types, 'serviceCreditReporting', ${c}.service_credit_reporting,
  'customCard', ${c}.custom_card, 'conciergeEnabled', ${c}.concierge_enabled, 'integrationId', ${c}.integration_id)`;

/** Scalar subqueries for joins.property / joins.company / joins.parentCompany from a property id and company id expression. */
export const propertyById = (idExpr: string) => `(SELECT ${propertyJson('jp')} FROM properties jp WHERE jp.id = ${idExpr})`;
export const companyById = (idExpr: string) => `(SELECT ${companyJson('jc')} FROM companies jc WHERE jc.id = ${idExpr})`;
export const parentCompanyById = (idExpr: string) =>
  `(SELECT ${companyJson('jpc')} FROM companies jcc JOIN companies jpc ON jpc.id = jcc.parent_id WHERE jcc.id = ${idExpr})`;

// ---- cents → decimals (ARCHITECTURE: JSON carries decimals) ----

export type Json = Record<string, unknown>;

export function decimal(cents: unknown): number {
  return fromCents(Number(cents));
}

export function decimalOrNull(cents: unknown): number | null {
  return cents === null || cents === undefined ? null : fromCents(Number(cents));
}

/** Charge lines ({ code, name, amount in cents }) with amounts as decimals. */
export function chargeLines<T extends { amount: number }>(lines: readonly T[] | null | undefined): T[] {
  return (lines ?? []).map((line) => ({ ...line, amount: fromCents(line.amount) }));
}

export interface CompanyJson {
  softMaximumPaymentAmount: number | null;
  [key: string]: unknown;
}

export function mapCompany(company: CompanyJson | null | undefined): CompanyJson | null | undefined {
  if (!company) return company;
  return { ...company, softMaximumPaymentAmount: decimalOrNull(company.softMaximumPaymentAmount) };
}

/** joins with every company-shaped entry converted; other entries pass through. */
export function mapJoins(joins: Json): Json {
  const out: Json = { ...joins };
  if (joins.company) out.company = mapCompany(joins.company as CompanyJson);
  if (joins.parentCompany) out.parentCompany = mapCompany(joins.parentCompany as CompanyJson);
  return out;
}
