// POST /lease_application/saveforlater (docs/api-contract.md "Lease applications (issue 11)"): the draft's fields merged
// into the row (a field left out is kept, null clears it, lists and objects are replaced as a whole), shapes checked by
// the route's schema (@portal/domain/application-form applicationDraftSchema), required-ness not; NOT_STARTED becomes
// IN_PROGRESS; only NOT_STARTED / IN_PROGRESS applications change (else 409 RM_ERROR_APPLICATION_SUBMITTED). The submit
// saves its fields the same way (applyDraft) before checking them.
import type { ApplicationDraft } from '@portal/domain/application-form';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { leaseApplications, properties } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import {
  type ApplicationRow,
  type LeaseApplicationRecord,
  loadOwnApplication,
  toApplicationRecordOf,
  verificationConsentOf,
} from './application-record.ts';

/** Statuses the tenant may still change (and submit). */
export const OPEN_STATUSES: readonly string[] = ['NOT_STARTED', 'IN_PROGRESS'];

export const RECORD_TYPE = 'lease_application';

/** 409: the application was submitted (or decided): it no longer changes. */
export function applicationSubmitted(): AppError {
  return new AppError('RM_ERROR_APPLICATION_SUBMITTED', 'server.applications.submitted', { statusCode: 409 });
}

type Json = Record<string, unknown>;

/** A string as stored: trimmed, blank → null. */
const text = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/** An answer object as stored: strings trimmed, blank and null answers dropped; an empty object → null. */
function cleanObject(v: Json | null | undefined): Json | null {
  if (!v) return null;
  const out: Json = {};
  for (const [k, value] of Object.entries(v)) {
    const clean = typeof value === 'string' ? text(value) : value;
    if (clean != null) out[k] = clean;
  }
  return Object.keys(out).length ? out : null;
}

const cleanList = (v: readonly Json[] | null | undefined): Json[] => (v ?? []).map((item) => cleanObject(item) ?? {});

/** The row's columns a draft sets (only the fields it carries). */
function columnsOfDraft(row: ApplicationRow, d: ApplicationDraft): Partial<typeof leaseApplications.$inferInsert> {
  const set: Partial<typeof leaseApplications.$inferInsert> = {};
  if (d.firstName !== undefined) set.firstName = text(d.firstName);
  if (d.middleName !== undefined) set.middleName = text(d.middleName);
  if (d.lastName !== undefined) set.lastName = text(d.lastName);
  if (d.email !== undefined) set.email = text(d.email);
  if (d.phone !== undefined) set.phone = text(d.phone);
  if (d.birthDate !== undefined) set.birthDate = text(d.birthDate);
  if (d.sinLast3 !== undefined) set.sinLast3 = text(d.sinLast3);
  if (d.propertyId !== undefined) set.propertyId = text(d.propertyId);
  if (d.addresses !== undefined) set.addresses = cleanList(d.addresses as Json[] | null);
  if (d.otherOccupants !== undefined) set.otherOccupants = cleanList(d.otherOccupants as Json[] | null);
  if (d.referenceList !== undefined) set.referenceList = cleanList(d.referenceList as Json[] | null);
  if (d.employment !== undefined) set.employment = cleanObject(d.employment as Json | null);
  if (d.otherInfo !== undefined) set.otherInfo = cleanObject(d.otherInfo as Json | null);
  if (d.emergencyContact !== undefined) set.emergencyContact = cleanObject(d.emergencyContact as Json | null);
  if (d.customFields !== undefined) set.customFields = cleanObject(d.customFields as Json | null) ?? {};
  if (d.acknowledgedTerms !== undefined) set.acknowledgedTerms = d.acknowledgedTerms === true;
  if (d.verificationConsent !== undefined) {
    const current = row.defaultFields && typeof row.defaultFields === 'object' ? (row.defaultFields as Json) : {};
    set.defaultFields = { ...current, verificationConsent: d.verificationConsent === true };
  }
  if (d.currentStep !== undefined) set.currentStep = d.currentStep ?? null;
  return set;
}

/** The stored answers as a draft (what the submit checks): known keys only. */
export function draftOfRow(row: ApplicationRow): ApplicationDraft {
  const pick = (v: unknown, keys: readonly string[]): Json | null => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    return Object.fromEntries(keys.filter((k) => (v as Json)[k] !== undefined).map((k) => [k, (v as Json)[k]]));
  };
  const list = (v: unknown, keys: readonly string[]) => (Array.isArray(v) ? v.map((x) => pick(x, keys) ?? {}) : []);
  return {
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    birthDate: row.birthDate,
    sinLast3: row.sinLast3,
    propertyId: row.propertyId,
    addresses: list(row.addresses, [
      'suite',
      'street1',
      'street2',
      'city',
      'province',
      'country',
      'postalCode',
      'monthsAtAddress',
    ]),
    otherOccupants: list(row.otherOccupants, ['names', 'age', 'employment', 'phone', 'relationship']),
    employment: pick(row.employment, [
      'employment',
      'employerName',
      'phone',
      'occupation',
      'monthsEmployed',
      'monthlySalary',
      'otherIncome',
    ]),
    referenceList: list(row.referenceList, ['name', 'phone', 'email', 'relationship']),
    otherInfo: pick(row.otherInfo, ['maritalStatus', 'pets', 'smoking', 'bankruptcy']),
    emergencyContact: pick(row.emergencyContact, ['firstName', 'lastName', 'phone', 'email', 'relationship']),
    customFields: (pick(row.customFields, Object.keys((row.customFields as Json | null) ?? {})) ??
      {}) as ApplicationDraft['customFields'],
    acknowledgedTerms: row.acknowledgedTerms,
    verificationConsent: verificationConsentOf(row),
  } as ApplicationDraft;
}

/** A property of the application's company, or 400 on propertyId (the page lists only its company's properties). */
async function requirePageProperty(tx: Executor, companyId: string | null, propertyId: string): Promise<void> {
  const [p] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.companyId, companyId ?? '')))
    .limit(1);
  if (!p) throw AppError.onField('propertyId', 'server.applications.propertyNotOnPage');
}

/**
 * Merges the draft into the locked row (in the caller's transaction): NOT_STARTED → IN_PROGRESS, audit UPDATE. Answers
 * the updated row.
 */
export async function applyDraft(
  tx: Executor,
  input: { row: ApplicationRow; draft: ApplicationDraft; actor: Actor; now: Date },
): Promise<ApplicationRow> {
  const { row, draft } = input;
  if (!OPEN_STATUSES.includes(row.status)) throw applicationSubmitted();
  const set = columnsOfDraft(row, draft);
  if (set.propertyId) await requirePageProperty(tx, row.companyId, set.propertyId);
  const [after] = await tx
    .update(leaseApplications)
    .set({ ...set, status: 'IN_PROGRESS', updatedAt: input.now.toISOString() })
    .where(eq(leaseApplications.id, row.id))
    .returning();
  const updated = after as ApplicationRow;
  const changes = diffRecords(row as unknown as Json, updated as unknown as Json);
  if (Object.keys(changes).length > 0)
    await recordAudit(tx, { recordType: RECORD_TYPE, recordId: row.id, action: 'UPDATE', changes, actor: input.actor });
  return updated;
}

export async function saveApplicationForLater(
  ctx: AppContext,
  input: { customerId: string; actor: Actor; body: ApplicationDraft & { id: string } },
): Promise<LeaseApplicationRecord> {
  const { id, ...draft } = input.body;
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await loadOwnApplication(tx, input.customerId, id, { forUpdate: true });
    return applyDraft(tx, { row, draft, actor: input.actor, now: ctx.now() });
  });
  return toApplicationRecordOf(ctx.db, saved);
}
