// spec 2 §2 "Apply-now popup and property sign-up": the onboarding page a sign-up link names (GET /on_boarding_page/name/{name}),
// and which pages a sign-up may name.
import type { OnBoardingPage } from '@portal/domain/api-shapes';
import type { OriginType } from '@portal/domain/entities';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { companies, integrations, leaseApplicationPages, onBoardingPages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export const PAGE_NOT_FOUND = () => AppError.notFound('Page');

/** The onboarding page of that name with its company and the company's integration; null when there is none. */
export async function findOnBoardingPage(db: Executor, name: string): Promise<OnBoardingPage | null> {
  const [row] = await db
    .select({
      id: onBoardingPages.id,
      name: onBoardingPages.name,
      companyId: onBoardingPages.companyId,
      companyName: companies.name,
      country: companies.country,
      autoApproval: onBoardingPages.autoApproval,
      integrationId: integrations.id,
      integrationType: integrations.integrationType,
    })
    .from(onBoardingPages)
    .innerJoin(companies, eq(companies.id, onBoardingPages.companyId))
    .leftJoin(integrations, eq(integrations.id, companies.integrationId))
    .where(eq(onBoardingPages.name, name))
    .limit(1);
  if (!row) return null;
  const { integrationId, integrationType, ...page } = row;
  return { ...page, integration: integrationId && integrationType ? { id: integrationId, integrationType } : null };
}

/** GET /on_boarding_page/name/{name}; unknown → 404. */
export async function getOnBoardingPage(ctx: AppContext, name: string): Promise<OnBoardingPage> {
  const page = await findOnBoardingPage(ctx.db, name);
  if (!page) throw PAGE_NOT_FOUND();
  return page;
}

/** The company (id and country) of the page a sign-up names: an onboarding or a lease-application page. */
export async function companyOfPage(
  db: Executor,
  originType: OriginType,
  pageName: string,
): Promise<{ companyId: string; country: string } | null> {
  const table = originType === 'TYPE_ON_BOARDING_PAGE' ? onBoardingPages : leaseApplicationPages;
  const [row] = await db
    .select({ companyId: companies.id, country: companies.country })
    .from(table)
    .innerJoin(companies, eq(companies.id, table.companyId))
    .where(eq(table.name, pageName))
    .limit(1);
  return row ?? null;
}

/** Whether the company has an onboarding or an application page: its properties are then a public listing. */
export async function hasPublicPage(db: Executor, companyId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(companies)
    .where(
      sql`${companies.id} = ${companyId} AND (
        EXISTS (SELECT 1 FROM ${onBoardingPages} WHERE ${onBoardingPages.companyId} = ${companies.id})
        OR EXISTS (SELECT 1 FROM ${leaseApplicationPages} WHERE ${leaseApplicationPages.companyId} = ${companies.id}))`,
    )
    .limit(1);
  return rows.length > 0;
}
