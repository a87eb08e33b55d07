// issue 23 "Properties": a manager creates and edits their company's properties (spec 1 §3 Property); the address is
// checked by the tenant forms' rules (packages/domain input-fields, geography), the integration flags can only narrow
// what the company offers (spec 2 §6).
import { isValidRegion } from '@portal/domain/geography';
import { validateCity, validatePostalCode, validateStreet } from '@portal/domain/input-fields';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, properties } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import {
  ACCEPTABLE_PAYMENT_TYPES,
  type CompanyRow,
  type CustomCardInput,
  customCardFieldErrors,
  INSURANCE_INTEGRATION_KEYS,
  PROPERTY_CATEGORIES,
  storedCard,
} from '../company/company-settings.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

export const PROPERTY_NAME_MAX_LENGTH = 100;
export const PROPERTY_IDENTIFIER_MAX_LENGTH = 50;

type Flag = { enabled: boolean } | null;
export interface PropertyInput {
  propertyName?: string;
  street1?: string;
  street2?: string | null;
  city?: string;
  province?: string;
  country?: string;
  postalCode?: string;
  category?: string;
  propertyIdentifier?: string | null;
  acceptedPaymentTypes?: string[] | null;
  monevoIntegration?: Flag;
  paypalCreditIntegration?: Flag;
  insuranceIntegration?: Record<string, { enabled: boolean }> | null;
  service_urcsi?: Flag;
  service_neofinancial?: Flag;
  payByTextEnabled?: boolean;
  customCard?: CustomCardInput | null;
}

type PropertyRow = typeof properties.$inferSelect;

export function propertyRecordOf(row: PropertyRow, leases?: { leaseCount: number; activeLeaseCount: number }) {
  return {
    id: row.id,
    companyId: row.companyId,
    propertyName: row.propertyName,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    province: row.province,
    country: row.country,
    postalCode: row.postalCode,
    category: row.category,
    propertyIdentifier: row.propertyIdentifier,
    acceptedPaymentTypes: row.acceptedPaymentTypes,
    monevoIntegration: row.monevoIntegration,
    paypalCreditIntegration: row.paypalCreditIntegration,
    insuranceIntegration: row.insuranceIntegration,
    service_urcsi: row.serviceUrcsi,
    service_neofinancial: row.serviceNeofinancial,
    payByTextEnabled: row.payByTextEnabled,
    customCard: row.customCard ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(leases ?? {}),
  };
}
export type PropertyRecord = ReturnType<typeof propertyRecordOf>;

const ruleError = (field: string, r: { ok: boolean; key?: string; values?: Record<string, unknown> }): FieldError[] =>
  r.ok ? [] : [{ field, errorCode: 'RM_ERROR_RECORD_VALIDATION', message: r.key as string, values: r.values }];

/** Every rule of a property (the whole record after the change), as field errors naming each field. */
export function propertyErrors(p: Required<PropertyInput>, company: CompanyRow): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string, values?: Record<string, unknown>) =>
    errors.push({ field, errorCode: 'RM_ERROR_RECORD_VALIDATION', message, values });
  if (!p.propertyName.trim()) add('propertyName', 'validation.requiredField');
  else if (p.propertyName.trim().length > PROPERTY_NAME_MAX_LENGTH)
    add('propertyName', 'server.company.tooLong', { max: PROPERTY_NAME_MAX_LENGTH });
  errors.push(...ruleError('street1', validateStreet(p.street1)));
  if (p.street2?.trim()) errors.push(...ruleError('street2', validateStreet(p.street2)));
  errors.push(...ruleError('city', validateCity(p.city)));
  // A property is in its company's country: its tenants pay in that country's currency (spec 1 §3 Company country).
  if (p.country !== company.country) add('country', 'server.properties.countryOfCompany', { country: company.country });
  else if (!isValidRegion(p.country, p.province)) add('province', 'server.properties.provinceInvalid');
  errors.push(...ruleError('postalCode', validatePostalCode(p.postalCode, p.country)));
  if (!(PROPERTY_CATEGORIES as readonly string[]).includes(p.category))
    add('category', 'server.company.unknownCategory', { value: p.category });
  if ((p.propertyIdentifier?.trim().length ?? 0) > PROPERTY_IDENTIFIER_MAX_LENGTH) {
    add('propertyIdentifier', 'server.company.tooLong', { max: PROPERTY_IDENTIFIER_MAX_LENGTH });
  }
  p.acceptedPaymentTypes?.forEach((t, i) => {
    if (!(ACCEPTABLE_PAYMENT_TYPES as readonly string[]).includes(t))
      add(`acceptedPaymentTypes.${i}`, 'server.company.unknownPaymentType', { value: t });
  });
  // spec 2 §6: the company's flags decide what is offered; a property may only switch off what its company offers.
  const narrow = (field: string, on: boolean | undefined, companyOffers: boolean) => {
    if (on && !companyOffers) add(field, 'server.properties.notOfferedByCompany');
  };
  narrow('monevoIntegration', p.monevoIntegration?.enabled, company.microlendingEnabled);
  narrow('paypalCreditIntegration', p.paypalCreditIntegration?.enabled, company.microlendingEnabled);
  narrow('service_neofinancial', p.service_neofinancial?.enabled, company.neobankPromotionEnabled);
  const categories = company.serviceCreditReporting ?? {};
  const creditReportingOffered = Object.keys(categories).length === 0 || categories[p.category] === true;
  narrow('service_urcsi', p.service_urcsi?.enabled, creditReportingOffered);
  for (const [key, flag] of Object.entries(p.insuranceIntegration ?? {})) {
    if (!(INSURANCE_INTEGRATION_KEYS as readonly string[]).includes(key))
      add(`insuranceIntegration.${key}`, 'server.company.unknownPartner', { value: key });
    else narrow(`insuranceIntegration.${key}`, flag.enabled, company.insuranceIntegration?.[key]?.enabled === true);
  }
  errors.push(...customCardFieldErrors(p.customCard));
  return errors;
}

function refuse(errors: FieldError[]): never {
  throw new AppError('RM_ERROR_RECORD_VALIDATION', errors[0].message, { values: errors[0].values, fieldErrors: errors });
}

async function companyOf(db: Executor, caller: ConsoleCaller, companyId: string): Promise<CompanyRow> {
  requireCompanyScope(caller, companyId, 'Company');
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw AppError.notFound('Company');
  return row;
}

async function scopedProperty(db: Executor, caller: ConsoleCaller, id: string): Promise<PropertyRow> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!row) throw AppError.notFound('Property');
  requireCompanyScope(caller, row.companyId, 'Property');
  return row;
}

async function identifierTaken(db: Executor, companyId: string, identifier: string | null, exceptId?: string): Promise<boolean> {
  if (!identifier) return false;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.companyId, companyId),
        sql`lower(${properties.propertyIdentifier}) = lower(${identifier})`,
        exceptId ? ne(properties.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** The stored columns of a checked input (trimmed; the postal code as the tenant forms store it). */
function columnsOf(p: Required<PropertyInput>) {
  const postal = p.postalCode.trim();
  return {
    propertyName: p.propertyName.trim(),
    street1: p.street1.trim(),
    street2: p.street2?.trim() || null,
    city: p.city.trim(),
    province: p.province,
    country: p.country,
    postalCode: p.country === 'CA' ? postal.toUpperCase() : postal,
    category: p.category,
    propertyIdentifier: p.propertyIdentifier?.trim() || null,
    acceptedPaymentTypes: p.acceptedPaymentTypes ? [...new Set(p.acceptedPaymentTypes)] : null,
    monevoIntegration: p.monevoIntegration,
    paypalCreditIntegration: p.paypalCreditIntegration,
    insuranceIntegration: p.insuranceIntegration,
    serviceUrcsi: p.service_urcsi,
    serviceNeofinancial: p.service_neofinancial,
    payByTextEnabled: p.payByTextEnabled,
    customCard: storedCard(p.customCard),
  };
}

const BLANK: Required<PropertyInput> = {
  propertyName: '',
  street1: '',
  street2: null,
  city: '',
  province: '',
  country: '',
  postalCode: '',
  category: 'RESIDENTIAL',
  propertyIdentifier: null,
  acceptedPaymentTypes: null,
  monevoIntegration: null,
  paypalCreditIntegration: null,
  insuranceIntegration: null,
  service_urcsi: null,
  service_neofinancial: null,
  payByTextEnabled: false,
  customCard: null,
};

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** POST /property/create: a property of the caller's company (the admin names any company). */
export async function createProperty(db: Executor, caller: ConsoleCaller, companyId: string, input: PropertyInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const company = await companyOf(tx, caller, companyId);
    const p = { ...BLANK, country: company.country, ...definedOnly(input) } as Required<PropertyInput>;
    const errors = propertyErrors(p, company);
    const cols = columnsOf(p);
    if (errors.length === 0 && (await identifierTaken(tx, companyId, cols.propertyIdentifier))) {
      errors.push({
        field: 'propertyIdentifier',
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'server.properties.identifierTaken',
      });
    }
    if (errors.length > 0) refuse(errors);
    const [row] = await tx
      .insert(properties)
      .values({ companyId, ...cols })
      .returning();
    await recordAudit(tx, { recordType: 'property', recordId: row.id, action: 'CREATE', changes: { companyId, ...cols }, actor });
    return propertyRecordOf(row, { leaseCount: 0, activeLeaseCount: 0 });
  });
}

/** PATCH /property/{id}/update: the fields sent; the whole record is checked again, changes audited from/to. */
export async function updateProperty(db: Executor, caller: ConsoleCaller, id: string, input: PropertyInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await scopedProperty(tx, caller, id);
    const company = await companyOf(tx, caller, before.companyId);
    const current = propertyRecordOf(before) as unknown as Required<PropertyInput>;
    const p = { ...current, ...definedOnly(input) } as Required<PropertyInput>;
    const errors = propertyErrors(p, company);
    const cols = columnsOf(p);
    if (errors.length === 0 && (await identifierTaken(tx, before.companyId, cols.propertyIdentifier, id))) {
      errors.push({
        field: 'propertyIdentifier',
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'server.properties.identifierTaken',
      });
    }
    if (errors.length > 0) refuse(errors);
    const changes = diffRecords(before as unknown as Record<string, unknown>, cols);
    if (Object.keys(changes).length === 0) return getProperty(tx, caller, id);
    await tx
      .update(properties)
      .set({ ...cols, updatedAt: sql`now()` })
      .where(eq(properties.id, id));
    await recordAudit(tx, { recordType: 'property', recordId: id, action: 'UPDATE', changes, actor });
    return getProperty(tx, caller, id);
  });
}

// Correlated to the outer properties row by its table name (drizzle may leave a column unqualified in a select).
const leaseCounts = {
  leaseCount: sql<number>`(SELECT count(*)::int FROM property_leases pl WHERE pl.property_id = properties.id)`,
  activeLeaseCount: sql<number>`(SELECT count(*)::int FROM property_leases pl WHERE pl.property_id = properties.id AND pl.status = 'ACTIVE')`,
};

/** GET /property/{id}: one of the caller's company's properties, with its lease counts. */
export async function getProperty(db: Executor, caller: ConsoleCaller, id: string) {
  const row = await scopedProperty(db, caller, id);
  const [counts] = await db.select(leaseCounts).from(properties).where(eq(properties.id, id));
  return propertyRecordOf(row, { leaseCount: Number(counts.leaseCount), activeLeaseCount: Number(counts.activeLeaseCount) });
}

export interface PropertyListQuery {
  companyId: string;
  page: number;
  recordsPerPage: number;
  search?: string;
}

/** GET /company/{id}/property/list: the company's properties by name, paged on the server, with lease counts. */
export async function listProperties(db: Executor, caller: ConsoleCaller, q: PropertyListQuery) {
  await companyOf(db, caller, q.companyId);
  const term = q.search?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(properties.companyId, q.companyId),
    like
      ? or(
          ilike(properties.propertyName, like),
          ilike(properties.city, like),
          ilike(properties.propertyIdentifier, like),
          ilike(properties.street1, like),
        )
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(properties).where(where);
  const rows = await db
    .select({ row: properties, ...leaseCounts })
    .from(properties)
    .where(where)
    .orderBy(asc(properties.propertyName), asc(properties.id))
    .limit(q.recordsPerPage)
    .offset((q.page - 1) * q.recordsPerPage);
  return {
    records: rows.map((r) =>
      propertyRecordOf(r.row, { leaseCount: Number(r.leaseCount), activeLeaseCount: Number(r.activeLeaseCount) }),
    ),
    totalRecords: Number(total),
    totalPages: Math.max(1, Math.ceil(Number(total) / q.recordsPerPage)),
    page: q.page,
  };
}
