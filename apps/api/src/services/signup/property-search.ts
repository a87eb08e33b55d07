// spec 2 §2 "Apply-now popup and property sign-up": the properties of a company matched by zip/postal code (free text, no
// minimum length), name, street or city. Shared by POST /company/{id}/selfsignup/properties, POST /company/{id}/properties
// and the application page's property search (issue 11).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';

export interface PropertyListing {
  id: string;
  propertyName: string;
  street1: string;
  street2: string | null;
  city: string;
  province: string;
  country: string;
  postalCode: string;
}

export interface PropertyPage {
  records: PropertyListing[];
  totalPages: number;
  totalRecords: number;
  page: number;
}

/** The text a search compares: lower case, without spaces or hyphens ('V6Z 1M6', 'v6z1m6' and 'V6Z-1M6' are one). */
export function searchKey(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, '');
}

const keyOf = (column: unknown) => sql`regexp_replace(lower(coalesce(${column}, '')), '[[:space:]-]+', '', 'g')`;

/**
 * The company's properties whose postal/zip code, name, street (1 or 2) or city contains the search value (case, spaces
 * and hyphens ignored; an empty value matches all), by name then id, one page of them.
 */
export async function searchCompanyProperties(
  db: Executor,
  input: { companyId: string; searchValue?: string | null; page: number; recordsPerPage: number },
): Promise<PropertyPage> {
  const key = searchKey(input.searchValue ?? '');
  const where = and(
    eq(properties.companyId, input.companyId),
    key === ''
      ? undefined
      : sql`(strpos(${keyOf(properties.postalCode)}, ${key}) > 0
          OR strpos(${keyOf(properties.propertyName)}, ${key}) > 0
          OR strpos(${keyOf(properties.street1)}, ${key}) > 0
          OR strpos(${keyOf(properties.street2)}, ${key}) > 0
          OR strpos(${keyOf(properties.city)}, ${key}) > 0)`,
  );
  const [{ total }] = await db.select({ total: count() }).from(properties).where(where);
  const records = await db
    .select({
      id: properties.id,
      propertyName: properties.propertyName,
      street1: properties.street1,
      street2: properties.street2,
      city: properties.city,
      province: properties.province,
      country: properties.country,
      postalCode: properties.postalCode,
    })
    .from(properties)
    .where(where)
    .orderBy(asc(properties.propertyName), asc(properties.id))
    .limit(input.recordsPerPage)
    .offset((input.page - 1) * input.recordsPerPage);
  return {
    records,
    totalRecords: total,
    totalPages: Math.ceil(total / input.recordsPerPage),
    page: input.page,
  };
}
