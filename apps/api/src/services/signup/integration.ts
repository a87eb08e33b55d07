// spec 2 §3 "Integration" and §8 (issue 11): the enterprise-integration (SAP) sandbox. Its data are the rows of
// `integrations` and `integration_customers` (seeded: db/seed-signup.ts); the company of an integration is the one whose
// integration_id names it (else the integration's own company_id).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { companies, integrationCustomers, integrations, properties } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PropertyListing } from './property-search.ts';

export interface IntegrationAnswer {
  id: string;
  integrationType: string;
  companyId: string | null;
  name: string | null;
}

export interface IntegrationCustomerAnswer {
  id: string;
  customerNumber: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  externalPropertyId: string | null;
  unit: string | null;
}

// spec 2 §8: the SAP "not found" messages (server.integration.*, in the caller's language)
export const SAP_NOT_FOUND_CODE = 'RM_ERROR_SAP_NOT_FOUND';
const sapNotFound = (message: string, field: string) => AppError.onField(field, message, { errorCode: SAP_NOT_FOUND_CODE });
/** 404 RM_ERROR_SAP_NOT_FOUND: "no Property associated with this Customer Number". */
export const SAP_NO_PROPERTY = (field = 'customerNumber') => withStatus(sapNotFound('server.integration.noProperty', field));
/** 404 RM_ERROR_SAP_NOT_FOUND: "no integration customer for this email". */
export const SAP_NO_CUSTOMER_FOR_EMAIL = () => withStatus(sapNotFound('server.integration.noCustomerForEmail', 'email'));

/** The code is not in the shared status table (packages/domain/errors.ts): its 404 is given here. */
function withStatus(err: AppError): AppError {
  return new AppError(err.errorCode, err.message, { fieldErrors: err.fieldErrors, statusCode: 404 });
}

const companyIdOf = sql<string | null>`coalesce(
  (SELECT ${companies.id} FROM ${companies} WHERE ${companies.integrationId} = ${integrations.id} ORDER BY ${companies.id} LIMIT 1),
  ${integrations.companyId})`;

const integrationColumns = {
  id: integrations.id,
  integrationType: integrations.integrationType,
  companyId: companyIdOf,
  name: integrations.name,
};

/** GET /integration/integration: every integration. */
export async function listIntegrations(ctx: AppContext): Promise<{ records: IntegrationAnswer[] }> {
  const records = await ctx.db
    .select(integrationColumns)
    .from(integrations)
    .orderBy(asc(integrations.name), asc(integrations.id));
  return { records };
}

async function findIntegration(db: Executor, id: string): Promise<IntegrationAnswer | null> {
  const [row] = await db.select(integrationColumns).from(integrations).where(eq(integrations.id, id)).limit(1);
  return row ?? null;
}

/** GET /integration/integration/{id}; unknown → 404. */
export async function getIntegration(ctx: AppContext, id: string): Promise<IntegrationAnswer> {
  const found = await findIntegration(ctx.db, id);
  if (!found) throw AppError.notFound('Integration');
  return found;
}

/**
 * POST /integration/tenant/search: the integration's customers with that e-mail (case-insensitive) when one is given,
 * else with that customer number. None → 404 RM_ERROR_SAP_NOT_FOUND with the e-mail or the customer-number message.
 */
export async function searchIntegrationTenants(
  ctx: AppContext,
  input: { integrationId: string; customerNumber?: string; email?: string },
): Promise<{ records: IntegrationCustomerAnswer[] }> {
  if (!(await findIntegration(ctx.db, input.integrationId))) throw AppError.notFound('Integration');
  const byEmail = !!input.email;
  const match = byEmail
    ? sql`lower(${integrationCustomers.email}) = ${input.email?.toLowerCase()}`
    : sql`upper(${integrationCustomers.customerNumber}) = ${input.customerNumber?.toUpperCase()}`;
  const records = await ctx.db
    .select({
      id: integrationCustomers.id,
      customerNumber: integrationCustomers.customerNumber,
      firstName: integrationCustomers.firstName,
      lastName: integrationCustomers.lastName,
      email: integrationCustomers.email,
      externalPropertyId: integrationCustomers.externalPropertyId,
      unit: integrationCustomers.unit,
    })
    .from(integrationCustomers)
    .where(and(eq(integrationCustomers.integrationId, input.integrationId), match))
    .orderBy(asc(integrationCustomers.customerNumber), asc(integrationCustomers.id));
  if (records.length === 0) throw byEmail ? SAP_NO_CUSTOMER_FOR_EMAIL() : SAP_NO_PROPERTY();
  return { records };
}

/** The property of the company whose propertyIdentifier is the external id (case-insensitive), or null. */
export async function propertyByIdentifier(
  db: Executor,
  companyId: string,
  identifier: string,
): Promise<(PropertyListing & { companyId: string }) | null> {
  const [row] = await db
    .select({
      id: properties.id,
      companyId: properties.companyId,
      propertyName: properties.propertyName,
      street1: properties.street1,
      street2: properties.street2,
      city: properties.city,
      province: properties.province,
      country: properties.country,
      postalCode: properties.postalCode,
    })
    .from(properties)
    .where(
      and(eq(properties.companyId, companyId), sql`upper(${properties.propertyIdentifier}) = ${identifier.trim().toUpperCase()}`),
    )
    .orderBy(asc(properties.id))
    .limit(1);
  return row ?? null;
}

/**
 * POST /integration/property/search: the property of the integration's company whose propertyIdentifier is the
 * external property id. None → 404 RM_ERROR_SAP_NOT_FOUND "no Property associated with this Customer Number".
 */
export async function searchIntegrationProperties(
  ctx: AppContext,
  input: { integrationId: string; externalPropertyId: string },
): Promise<{ records: (PropertyListing & { companyId: string })[] }> {
  const integration = await findIntegration(ctx.db, input.integrationId);
  if (!integration) throw AppError.notFound('Integration');
  const property = integration.companyId
    ? await propertyByIdentifier(ctx.db, integration.companyId, input.externalPropertyId)
    : null;
  if (!property) throw SAP_NO_PROPERTY('externalPropertyId');
  return { records: [property] };
}
