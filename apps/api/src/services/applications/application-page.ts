// The public application page (spec 2 §2 "Apply-now popup", §3 template): GET /lease_application_page/name/{name} and
// the property search on it, POST /lease_application_page/name/{name}/properties (no token needed for either).
import type { ApplicationCustomField } from '@portal/domain/application-form';
import { fromCents } from '@portal/domain/money';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, leaseApplicationPages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PropertyPage, searchCompanyProperties } from '../signup/property-search.ts';
import { pageLikeOf } from './application-record.ts';

export interface ApplicationPage {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  country: string;
  sections: Record<string, Record<string, boolean>>;
  customFields: ApplicationCustomField[];
  applicationFeeAmount: number;
  creditReportEnabled: boolean;
  backgroundCheckEnabled: boolean;
  identityVerificationEnabled: boolean;
  incomeVerificationEnabled: boolean;
}

/** The page and its company; unknown → 404. */
export async function loadApplicationPage(db: Executor, name: string) {
  const [row] = await db
    .select({ page: leaseApplicationPages, companyName: companies.name, country: companies.country })
    .from(leaseApplicationPages)
    .innerJoin(companies, eq(companies.id, leaseApplicationPages.companyId))
    .where(eq(leaseApplicationPages.name, name))
    .limit(1);
  if (!row) throw AppError.notFound('Application page');
  return row;
}

export async function getApplicationPage(db: Executor, name: string): Promise<ApplicationPage> {
  const { page, companyName, country } = await loadApplicationPage(db, name);
  const like = pageLikeOf(page);
  return {
    id: page.id,
    name: page.name,
    companyId: page.companyId,
    companyName,
    country,
    sections: like.sections as Record<string, Record<string, boolean>>,
    customFields: [...(like.customFields ?? [])],
    applicationFeeAmount: fromCents(page.applicationFeeAmount),
    creditReportEnabled: page.creditReportEnabled,
    backgroundCheckEnabled: page.backgroundCheckEnabled,
    identityVerificationEnabled: page.identityVerificationEnabled,
    incomeVerificationEnabled: page.incomeVerificationEnabled,
  };
}

/** POST /lease_application_page/name/{name}/properties: the page company's properties (the sign-up's search). */
export async function searchPageProperties(
  db: Executor,
  name: string,
  input: { searchValue?: string | null; page: number; recordsPerPage: number },
): Promise<PropertyPage> {
  const { page } = await loadApplicationPage(db, name);
  return searchCompanyProperties(db, { companyId: page.companyId, ...input });
}
