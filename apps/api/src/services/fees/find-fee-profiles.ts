// Fee profiles of a company (spec 1 §3 "Fee profile"; docs/api-contract.md "Fees"): GET /service_fee_profile,
// GET /{type}/{id}/fee_profile, and the split-pay, payment-mode and service-fee lookups. A company's own rows replace the
// platform's (companyId NULL) as a whole, per service: the table the tenant sees is the one that prices.
import type { FeeProfileRecord } from '@portal/domain/api-shapes';
import { selectFeeProfile } from '@portal/domain/fees';
import { and, asc, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { companies, feeProfiles, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyInTenantScope, propertyInTenantScope } from '../customer/tenant-scope.ts';
import { toFeeProfileRecord } from './fee-profile-record.ts';

export interface FeeCompany {
  id: string;
  country: string;
  acceptedPaymentTypes: readonly string[] | Record<string, unknown> | null;
}

const companyColumns = {
  id: companies.id,
  country: companies.country,
  acceptedPaymentTypes: companies.acceptedPaymentTypes,
};

/** One of the tenant's companies (tenant-scope.ts), else 404 like a missing one. */
export async function findCompanyInScope(db: Executor, customerId: string, companyId: string): Promise<FeeCompany> {
  const [company] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), companyInTenantScope(db, customerId)))
    .limit(1);
  if (!company) throw AppError.notFound('Company');
  return company;
}

/** The company of one of the tenant's own leases, else 404. */
export async function findLeaseCompany(db: Executor, customerId: string, leaseId: string): Promise<FeeCompany> {
  const [company] = await db
    .select(companyColumns)
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, customerId)))
    .limit(1);
  if (!company) throw AppError.notFound('Lease');
  return company;
}

export interface FeeProperty {
  id: string;
  acceptedPaymentTypes: readonly string[] | Record<string, unknown> | null;
  company: FeeCompany;
}

/** A property of the tenant's leases or applications (tenant-scope.ts) with its company, else 404. */
export async function findPropertyInScope(db: Executor, customerId: string, propertyId: string): Promise<FeeProperty> {
  const [row] = await db
    .select({ id: properties.id, acceptedPaymentTypes: properties.acceptedPaymentTypes, company: companyColumns })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(and(eq(properties.id, propertyId), propertyInTenantScope(db, customerId)))
    .limit(1);
  if (!row) throw AppError.notFound('Property');
  return row;
}

/**
 * The company's fee profiles of its country: payment-method profiles (no service), or those of one service
 * (e.g. CREDIT_REPORT); the company's own rows, else the platform's.
 */
export async function findCompanyFeeProfiles(
  db: Executor,
  company: Pick<FeeCompany, 'id' | 'country'>,
  filter: { service?: string } = {},
): Promise<FeeProfileRecord[]> {
  const own = alias(feeProfiles, 'own');
  const ofService = (t: typeof feeProfiles | typeof own) => (filter.service ? eq(t.service, filter.service) : isNull(t.service));
  const rows = await db
    .select()
    .from(feeProfiles)
    .where(
      and(
        ofService(feeProfiles),
        eq(feeProfiles.country, company.country),
        or(
          eq(feeProfiles.companyId, company.id),
          and(
            isNull(feeProfiles.companyId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(own)
                .where(and(eq(own.companyId, company.id), ofService(own))),
            ),
          ),
        ),
      ),
    )
    // Bank, then cards, ...; within a type the PAD profile first, then the specific ones, the catch-all last.
    .orderBy(
      asc(feeProfiles.paymentType),
      sql`${feeProfiles.padSchedule} DESC NULLS LAST`,
      sql`${feeProfiles.cardType} NULLS LAST`,
      sql`${feeProfiles.cardBrand} NULLS LAST`,
      sql`${feeProfiles.walletType} NULLS LAST`,
      asc(feeProfiles.id),
    );
  return rows.map(toFeeProfileRecord);
}

/** The company's fee profile of the first of `paymentTypes` that has one (spec 1 §3), or null: no fee. */
export async function findPaymentTypeFeeProfile(
  db: Executor,
  company: Pick<FeeCompany, 'id' | 'country'>,
  paymentTypes: readonly string[],
): Promise<FeeProfileRecord | null> {
  const profiles = await findCompanyFeeProfiles(db, company);
  for (const paymentType of paymentTypes) {
    const profile = selectFeeProfile(profiles, { country: company.country, paymentType });
    if (profile) return profile;
  }
  return null;
}

/** GET /{type}/{id}/fee_profile: the fee profiles of a lease's, a property's or a company's company. */
export async function getFeeProfilesOf(
  db: Executor,
  customerId: string,
  type: string,
  id: string,
): Promise<{ records: FeeProfileRecord[] }> {
  let company: FeeCompany;
  switch (type.toLowerCase()) {
    case 'property_lease':
      company = await findLeaseCompany(db, customerId, id);
      break;
    case 'property':
      company = (await findPropertyInScope(db, customerId, id)).company;
      break;
    case 'company':
      company = await findCompanyInScope(db, customerId, id);
      break;
    default:
      throw AppError.notFound('Record type');
  }
  return { records: await findCompanyFeeProfiles(db, company) };
}

/** GET /service_fee_profile?companyId: the fee profiles of one of the tenant's companies. */
export async function getServiceFeeProfiles(
  db: Executor,
  customerId: string,
  companyId: string,
): Promise<{ records: FeeProfileRecord[] }> {
  const company = await findCompanyInScope(db, customerId, companyId);
  return { records: await findCompanyFeeProfiles(db, company) };
}
