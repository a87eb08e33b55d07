// The LeaseApplication of docs/api-contract.md "Lease applications (issue 11)": one function builds it for every answer
// (new, get, list, save, submit, the admin decision), with its joins (property, the page's flags as `lap`, screenings,
// income verification) and its progress (spec 2 §4, @portal/domain/applications).
import {
  type ApplicationPageLike,
  parseApplicationCustomFields,
  parseApplicationSections,
} from '@portal/domain/application-form';
import { applicationRecordProgress } from '@portal/domain/applications';
import { toIsoInstant } from '@portal/domain/dates';
import { fromCents } from '@portal/domain/money';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { incomeVerifications, leaseApplicationPages, leaseApplications, properties, screenings } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export type ApplicationRow = typeof leaseApplications.$inferSelect;
export type ApplicationPageRow = typeof leaseApplicationPages.$inferSelect;

export type CustomFieldAnswer = string | number | boolean | null;

export interface LeaseApplicationRecord {
  id: string;
  type: 'TYPE_LEASE_APPLICATION';
  status: string;
  pageName: string | null;
  propertyId: string | null;
  companyId: string | null;
  existingTenant: boolean;
  acknowledgedTerms: boolean;
  phone: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  email: string | null;
  birthDate: string | null;
  sinLast3: string | null;
  otherInfo: Record<string, unknown> | null;
  addresses: Record<string, unknown>[];
  otherOccupants: Record<string, unknown>[];
  employment: Record<string, unknown> | null;
  referenceList: Record<string, unknown>[];
  emergencyContact: Record<string, unknown> | null;
  customFields: Record<string, CustomFieldAnswer>;
  verificationConsent: boolean;
  currentStep: string | null;
  progress: number;
  applicationFeeAmount: number;
  feeAmount: number | null;
  feeTransactionId: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  leaseId: string | null;
  createDate: string;
  updateDate: string;
  joins: {
    property: {
      id: string;
      propertyName: string;
      street1: string;
      city: string;
      province: string;
      country: string;
      postalCode: string;
    } | null;
    lap: {
      creditReportEnabled: boolean;
      backgroundCheckEnabled: boolean;
      identityVerificationEnabled: boolean;
      incomeVerificationEnabled: boolean;
      sections: Record<string, Record<string, boolean>>;
      applicationFeeAmount: number;
    } | null;
    screenings: { id: string; type: string; status: string }[];
    incomeVerification: { id: string; status: string } | null;
  };
}

const iso = (v: string | null | undefined): string | null => (v ? toIsoInstant(v) : null);
const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const asRecords = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!asRecord(x)) : [];

function customAnswers(v: unknown): Record<string, CustomFieldAnswer> {
  const out: Record<string, CustomFieldAnswer> = {};
  for (const [k, value] of Object.entries(asRecord(v) ?? {})) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[k] = value;
  }
  return out;
}

/** Whether the applicant consented to the identity-and-income verification (kept in default_fields, no column of its own). */
export function verificationConsentOf(row: Pick<ApplicationRow, 'defaultFields'>): boolean {
  return asRecord(row.defaultFields)?.verificationConsent === true;
}

/** The page as the form rules read it (sections by the contract's field keys, valid custom fields only). */
export function pageLikeOf(page: ApplicationPageRow | null | undefined): ApplicationPageLike {
  if (!page) return { sections: {}, customFields: [], applicationFeeAmount: 0 };
  return {
    sections: parseApplicationSections(page.sections),
    customFields: parseApplicationCustomFields(page.customFields),
    applicationFeeAmount: fromCents(page.applicationFeeAmount),
    creditReportEnabled: page.creditReportEnabled,
    backgroundCheckEnabled: page.backgroundCheckEnabled,
    identityVerificationEnabled: page.identityVerificationEnabled,
    incomeVerificationEnabled: page.incomeVerificationEnabled,
  };
}

interface Joined {
  page: ApplicationPageRow | undefined;
  property: typeof properties.$inferSelect | undefined;
  screenings: { id: string; type: string; status: string }[];
  incomeVerification: { id: string; status: string } | null;
}

/** The record of one application row and its joined rows. */
export function toApplicationRecord(row: ApplicationRow, j: Joined): LeaseApplicationRecord {
  const page = pageLikeOf(j.page);
  const addresses = asRecords(row.addresses);
  const otherOccupants = asRecords(row.otherOccupants);
  const referenceList = asRecords(row.referenceList);
  const emergencyContact = asRecord(row.emergencyContact);
  const employment = asRecord(row.employment);
  // issue 21 §1: the domain's one rule, as the dashboard card, the Applications page and the form read it
  const progress = applicationRecordProgress({
    status: row.status,
    existingTenant: row.existingTenant,
    acknowledgedTerms: row.acknowledgedTerms,
    propertyId: row.propertyId,
    phone: row.phone,
    emergencyContact,
    addresses,
    otherOccupants,
    employment,
    referenceList,
    joins: { lap: j.page ? page : null, screenings: j.screenings, incomeVerification: j.incomeVerification },
  });
  const p = j.property;
  return {
    id: row.id,
    type: 'TYPE_LEASE_APPLICATION',
    status: row.status,
    pageName: row.pageName,
    propertyId: row.propertyId,
    companyId: row.companyId,
    existingTenant: row.existingTenant,
    acknowledgedTerms: row.acknowledgedTerms,
    phone: row.phone,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    email: row.email,
    birthDate: row.birthDate,
    sinLast3: row.sinLast3,
    otherInfo: asRecord(row.otherInfo),
    addresses,
    otherOccupants,
    employment,
    referenceList,
    emergencyContact,
    customFields: customAnswers(row.customFields),
    verificationConsent: verificationConsentOf(row),
    currentStep: row.currentStep,
    progress,
    applicationFeeAmount: j.page ? fromCents(j.page.applicationFeeAmount) : 0,
    feeAmount: row.feeAmount == null ? null : fromCents(row.feeAmount),
    feeTransactionId: row.feeTransactionId,
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    decisionComment: row.decisionComment,
    leaseId: row.leaseId,
    createDate: iso(row.createdAt) as string,
    updateDate: iso(row.updatedAt) as string,
    joins: {
      property: p
        ? {
            id: p.id,
            propertyName: p.propertyName,
            street1: p.street1,
            city: p.city,
            province: p.province,
            country: p.country,
            postalCode: p.postalCode,
          }
        : null,
      lap: j.page
        ? {
            creditReportEnabled: j.page.creditReportEnabled,
            backgroundCheckEnabled: j.page.backgroundCheckEnabled,
            identityVerificationEnabled: j.page.identityVerificationEnabled,
            incomeVerificationEnabled: j.page.incomeVerificationEnabled,
            sections: page.sections as Record<string, Record<string, boolean>>,
            applicationFeeAmount: fromCents(j.page.applicationFeeAmount),
          }
        : null,
      screenings: j.screenings,
      incomeVerification: j.incomeVerification,
    },
  };
}

/** The records of application rows (their joins read in 4 statements for the whole list), in the rows' order. */
export async function toApplicationRecords(db: Executor, rows: readonly ApplicationRow[]): Promise<LeaseApplicationRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const pageNames = [...new Set(rows.map((r) => r.pageName).filter((n): n is string => !!n))];
  const propertyIds = [...new Set(rows.map((r) => r.propertyId).filter((n): n is string => !!n))];
  const [pages, props, screeningRows, incomeRows] = await Promise.all([
    pageNames.length
      ? db.select().from(leaseApplicationPages).where(inArray(leaseApplicationPages.name, pageNames))
      : Promise.resolve([]),
    propertyIds.length ? db.select().from(properties).where(inArray(properties.id, propertyIds)) : Promise.resolve([]),
    db
      .select({
        id: screenings.id,
        applicationId: screenings.applicationId,
        type: screenings.type,
        status: screenings.status,
      })
      .from(screenings)
      .where(inArray(screenings.applicationId, ids))
      .orderBy(screenings.type),
    db
      .select({
        id: incomeVerifications.id,
        applicationId: incomeVerifications.applicationId,
        status: incomeVerifications.status,
      })
      .from(incomeVerifications)
      .where(inArray(incomeVerifications.applicationId, ids)),
  ]);
  const pageByName = new Map(pages.map((p) => [p.name, p]));
  const propertyById = new Map(props.map((p) => [p.id, p]));
  return rows.map((row) =>
    toApplicationRecord(row, {
      page: row.pageName ? pageByName.get(row.pageName) : undefined,
      property: row.propertyId ? propertyById.get(row.propertyId) : undefined,
      screenings: screeningRows
        .filter((s) => s.applicationId === row.id)
        .map((s) => ({ id: s.id, type: s.type, status: s.status })),
      incomeVerification: (() => {
        const v = incomeRows.find((i) => i.applicationId === row.id);
        return v ? { id: v.id, status: v.status } : null;
      })(),
    }),
  );
}

/** The record of one row. */
export async function toApplicationRecordOf(db: Executor, row: ApplicationRow): Promise<LeaseApplicationRecord> {
  const [record] = await toApplicationRecords(db, [row]);
  return record as LeaseApplicationRecord;
}

/** The caller's visible (not hidden) application row; another tenant's or a hidden one → 404 like a missing id. */
export async function loadOwnApplication(
  db: Executor,
  customerId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ApplicationRow> {
  const query = db
    .select()
    .from(leaseApplications)
    .where(and(eq(leaseApplications.id, id), eq(leaseApplications.customerId, customerId), isNull(leaseApplications.deletedAt)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Lease application');
  return row;
}

/** The page of an application (its template), or undefined when the page is gone. */
export async function loadPageByName(db: Executor, name: string | null): Promise<ApplicationPageRow | undefined> {
  if (!name) return undefined;
  const [page] = await db.select().from(leaseApplicationPages).where(eq(leaseApplicationPages.name, name)).limit(1);
  return page;
}
