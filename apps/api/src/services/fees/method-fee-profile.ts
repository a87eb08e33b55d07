// The fee profile that prices a saved payment method for a company (spec 1 §3 "Fee profile", §7 "Fees"), loaded by ONE
// statement: the caller's method (not deleted), the company (only one of the caller's, tenant-scope.ts) and the
// candidate profiles of the method's type and the company's country: the company's own rows, else the platform's
// (companyId NULL). The most specific candidate is then chosen by the domain rule (selectFeeProfile).
// Shared by POST /fee_profile/payment_method, /calculatefee, /calculatefeewithfeeprofile and the payment service.
import type { FeeProfileRecord } from '@portal/domain/api-shapes';
import { isInternationalCard, selectFeeProfile } from '@portal/domain/fees';
import { type Currency, currencyForCountry } from '@portal/domain/money';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { companies, feeProfiles, paymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyInTenantScope } from '../customer/tenant-scope.ts';
import type { RawQuery } from '../search/search-records.ts';
import { type FeeProfileColumns, toFeeProfileRecord } from './fee-profile-record.ts';

export interface MethodFeeLookup {
  customerId: string;
  companyId: string;
  /** The caller's saved payment method id. */
  paymentMethodId: string;
  /** spec 1 §9: pre-authorised debit autopay on the 1st (the free bank profile). */
  padSchedule?: boolean;
}

export interface MethodFeeProfile {
  method: {
    id: string;
    type: string;
    country: string | null;
    cardType: string | null;
    cardBrand: string | null;
    walletType: string | null;
  };
  company: { id: string; country: string; acceptedPaymentTypes: readonly string[] | Record<string, unknown> | null };
  currency: Currency;
  /** The profile that prices the method, or null (no fee). */
  feeProfile: FeeProfileRecord | null;
  /** spec 1 §3: the method's country differs from the company's (the international rate applies). */
  international: boolean;
}

/**
 * One row per candidate profile (its columns named as the fee_profiles row's, null when there is none); method or
 * company columns are null when not found.
 */
type LookupRow = { [K in keyof FeeProfileColumns]: FeeProfileColumns[K] | null } & {
  methodId: string | null;
  methodType: string | null;
  methodCountry: string | null;
  methodCardType: string | null;
  methodCardBrand: string | null;
  methodWalletType: string | null;
  payeeId: string | null;
  payeeCountry: string | null;
  acceptedPaymentTypes: readonly string[] | Record<string, unknown> | null;
};

function lookupStatement(db: Executor): SQL {
  const customerId = sql.placeholder('customerId');
  const m = paymentMethods;
  const c = companies;
  const f = feeProfiles;
  // The company's own profiles replace the platform's as a whole (the fee table shown is the one that prices).
  return sql`SELECT ${m.id} AS "methodId", ${m.type} AS "methodType", ${m.country} AS "methodCountry",
  ${m.cardType} AS "methodCardType", ${m.brand} AS "methodCardBrand", ${m.walletType} AS "methodWalletType",
  ${c.id} AS "payeeId", ${c.country} AS "payeeCountry", ${c.acceptedPaymentTypes} AS "acceptedPaymentTypes",
  ${f.id} AS "id", ${f.companyId} AS "companyId", ${f.country} AS "country",
  ${f.paymentType} AS "paymentType", ${f.cardType} AS "cardType", ${f.cardBrand} AS "cardBrand",
  ${f.walletType} AS "walletType", ${f.processor} AS "processor", ${f.padSchedule} AS "padSchedule",
  ${f.feeRate}::float8 AS "feeRate", ${f.rateType} AS "rateType", ${f.feeType} AS "feeType",
  ${f.internationalFeeRate}::float8 AS "internationalFeeRate", ${f.internationalRateType} AS "internationalRateType",
  ${f.paidByCompany} AS "paidByCompany"
FROM (SELECT 1) AS one
LEFT JOIN ${m} ON ${m.id} = ${sql.placeholder('paymentMethodId')} AND ${m.userId} = ${customerId} AND ${m.deletedAt} IS NULL
LEFT JOIN ${c} ON ${c.id} = ${sql.placeholder('companyId')} AND ${
    // The placeholder stands for the customer id: filled per call (fillPlaceholders), so the text is built once.
    companyInTenantScope(db, customerId as unknown as string)
  }
LEFT JOIN ${f} ON ${f.service} IS NULL AND ${f.paymentType} = ${m.type} AND ${f.country} = ${c.country}
  AND (${f.companyId} = ${c.id} OR (${f.companyId} IS NULL
    AND NOT EXISTS (SELECT 1 FROM ${f} AS own WHERE own.company_id = ${c.id} AND own.service IS NULL)))`;
}

let compiled: { sql: string; params: unknown[] } | null = null;

/** The lookup as positional SQL and its parameters (the statement text is constant; built on first use). */
export function methodFeeLookupQuery(db: Executor, lookup: Omit<MethodFeeLookup, 'padSchedule'>): RawQuery {
  compiled ??= new PgDialect().sqlToQuery(lookupStatement(db));
  return {
    text: compiled.sql,
    params: fillPlaceholders(compiled.params, {
      customerId: lookup.customerId,
      companyId: lookup.companyId,
      paymentMethodId: lookup.paymentMethodId,
    }),
  };
}

/**
 * The saved method, the company and the profile that prices the method (spec 1 §3: same country and type, the most
 * specific match; padSchedule selects the PAD profile). A missing or foreign method or company → 404.
 * Runs outside any transaction (a read straight through the driver, like the searches).
 */
export async function loadMethodFeeProfile(
  ctx: { db: Executor; database: Pick<Database, 'raw'> },
  lookup: MethodFeeLookup,
): Promise<MethodFeeProfile> {
  const query = methodFeeLookupQuery(ctx.db, lookup);
  const rows = (await ctx.database.raw(query.text, query.params)).rows as unknown as LookupRow[];
  const first = rows[0];
  if (!first?.methodId || !first.methodType) throw AppError.notFound('Payment method');
  if (!first.payeeId || !first.payeeCountry) throw AppError.notFound('Company');
  // A row without a profile (LEFT JOIN) has every profile column null.
  const candidates = rows.filter((row) => row.id != null).map((row) => toFeeProfileRecord(row as FeeProfileColumns));
  const method = {
    id: first.methodId,
    type: first.methodType,
    country: first.methodCountry,
    cardType: first.methodCardType,
    cardBrand: first.methodCardBrand,
    walletType: first.methodWalletType,
  };
  return {
    method,
    company: { id: first.payeeId, country: first.payeeCountry, acceptedPaymentTypes: first.acceptedPaymentTypes },
    currency: currencyForCountry(first.payeeCountry),
    ...priceMethod(candidates, method, first.payeeCountry, lookup.padSchedule ?? false),
  };
}

/**
 * The profile among the company's candidates (its own, else the platform's, of its country) that prices the method,
 * and whether the international rate applies. Also used with candidates loaded once per batch (the autopay job).
 */
export function priceMethod(
  candidates: readonly FeeProfileRecord[],
  method: Pick<MethodFeeProfile['method'], 'type' | 'country' | 'cardType' | 'cardBrand' | 'walletType'>,
  companyCountry: string,
  padSchedule: boolean,
): Pick<MethodFeeProfile, 'feeProfile' | 'international'> {
  const feeProfile = selectFeeProfile(candidates, {
    country: companyCountry,
    paymentType: method.type,
    cardType: method.cardType,
    cardBrand: method.cardBrand,
    walletType: method.walletType,
    padSchedule,
  });
  return { feeProfile, international: isInternationalCard(method.country, companyCountry) };
}

/** POST /fee_profile/payment_method: the profile that prices the method (null: no fee). */
export async function getPaymentMethodFeeProfile(
  ctx: { db: Executor; database: Pick<Database, 'raw'> },
  lookup: MethodFeeLookup,
): Promise<{ feeProfile: FeeProfileRecord | null }> {
  return { feeProfile: (await loadMethodFeeProfile(ctx, lookup)).feeProfile };
}
