// Who a screening is about: the application's applicant as the screening provider needs them, in their language.
import { currencyForCountry, tryToCents } from '@portal/domain/money';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, leaseApplicationPages, leaseApplications, properties } from '../../db/schema.ts';
import type { ScreeningApplicant } from '../../providers/screening/screening.ts';

export interface ScreeningSubject {
  applicationId: string;
  customerId: string;
  status: string;
  pageName: string | null;
  propertyName: string | null;
  applicant: ScreeningApplicant;
  /** Declared salary + other income (cents), or null. */
  declaredMonthlyIncome: number | null;
  currency: 'CAD' | 'USD';
  flags: { credit: boolean; background: boolean; income: boolean };
}

type AddressLike = { street1?: unknown; city?: unknown; province?: unknown; postalCode?: unknown };
const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

function declaredIncome(employment: unknown): number | null {
  if (!employment || typeof employment !== 'object') return null;
  const e = employment as { monthlySalary?: unknown; otherIncome?: unknown };
  let total = 0;
  let any = false;
  for (const v of [e.monthlySalary, e.otherIncome]) {
    if (typeof v !== 'number' && typeof v !== 'string') continue;
    const cents = tryToCents(v);
    if (cents != null && cents > 0) {
      total += cents;
      any = true;
    }
  }
  return any ? total : null;
}

/** The application, its page's screening flags and its applicant; null when the application does not exist. */
export async function loadScreeningSubject(ctx: { db: Executor }, applicationId: string): Promise<ScreeningSubject | null> {
  const [row] = await ctx.db
    .select({
      app: leaseApplications,
      languageCode: customers.languageCode,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      customerEmail: customers.email,
      customerBirthDate: customers.birthDate,
      customerCountry: customers.country,
      propertyName: properties.propertyName,
      propertyCountry: properties.country,
      credit: leaseApplicationPages.creditReportEnabled,
      background: leaseApplicationPages.backgroundCheckEnabled,
      income: leaseApplicationPages.incomeVerificationEnabled,
    })
    .from(leaseApplications)
    .leftJoin(customers, eq(customers.id, leaseApplications.customerId))
    .leftJoin(properties, eq(properties.id, leaseApplications.propertyId))
    .leftJoin(leaseApplicationPages, eq(leaseApplicationPages.name, leaseApplications.pageName))
    .where(eq(leaseApplications.id, applicationId))
    .limit(1);
  if (!row) return null;
  const a = row.app;
  const addresses = (Array.isArray(a.addresses) ? (a.addresses as AddressLike[]) : []).map((ad) => ({
    street1: textOrNull(ad?.street1),
    city: textOrNull(ad?.city),
    province: textOrNull(ad?.province),
    postalCode: textOrNull(ad?.postalCode),
  }));
  return {
    applicationId: a.id,
    customerId: a.customerId,
    status: a.status,
    pageName: a.pageName,
    propertyName: row.propertyName,
    applicant: {
      firstName: a.firstName ?? row.customerFirstName ?? '',
      lastName: a.lastName ?? row.customerLastName ?? '',
      birthDate: a.birthDate ?? row.customerBirthDate ?? null,
      email: a.email ?? row.customerEmail ?? null,
      addresses,
      lang: row.languageCode?.toLowerCase().startsWith('fr') ? 'fr' : 'en',
    },
    declaredMonthlyIncome: declaredIncome(a.employment),
    currency: currencyForCountry(row.propertyCountry ?? row.customerCountry),
    flags: { credit: !!row.credit, background: !!row.background, income: !!row.income },
  };
}
