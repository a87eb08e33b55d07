// issue 23: the company's onboarding pages (spec 2 §2 self sign-up, on_boarding_pages) and lease application pages
// (spec 2 §3 template: sections, custom fields, fee, screening switches), listed, created and edited by its manager,
// each with its public link: /signup/{name}?origin=onboarding|application (apps/web features/signup lib/origin.ts).
import {
  APPLICATION_SECTION_FIELDS,
  APPLICATION_SECTIONS,
  type ApplicationCustomField,
  parseApplicationCustomFields,
  parseApplicationSections,
} from '@portal/domain/application-form';
import {
  APPLICATION_FEE_MAX_CENTS,
  CUSTOM_FIELD_ID_PATTERN,
  PAGE_NAME_MAX_LENGTH,
  PAGE_NAME_PATTERN,
} from '@portal/domain/company-pages';
import { fromCents, toCents } from '@portal/domain/money';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, leaseApplicationPages, leaseApplications, onBoardingPages } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

export type PageKind = 'on_boarding_page' | 'lease_application_page';

export const publicLinkOf = (kind: PageKind, name: string) =>
  `/signup/${encodeURIComponent(name)}?origin=${kind === 'on_boarding_page' ? 'onboarding' : 'application'}`;

type OnBoardingRow = typeof onBoardingPages.$inferSelect;
type ApplicationRow = typeof leaseApplicationPages.$inferSelect;

const onBoardingRecord = (r: OnBoardingRow) => ({
  id: r.id,
  companyId: r.companyId,
  name: r.name,
  autoApproval: r.autoApproval,
  publicLink: publicLinkOf('on_boarding_page', r.name),
  createdAt: r.createdAt,
});

const applicationRecord = (r: ApplicationRow) => ({
  id: r.id,
  companyId: r.companyId,
  name: r.name,
  sections: parseApplicationSections(r.sections),
  customFields: parseApplicationCustomFields(r.customFields),
  applicationFeeAmount: fromCents(r.applicationFeeAmount),
  creditReportEnabled: r.creditReportEnabled,
  backgroundCheckEnabled: r.backgroundCheckEnabled,
  identityVerificationEnabled: r.identityVerificationEnabled,
  incomeVerificationEnabled: r.incomeVerificationEnabled,
  publicLink: publicLinkOf('lease_application_page', r.name),
  createdAt: r.createdAt,
});

export interface OnBoardingPageInput {
  name?: string;
  autoApproval?: boolean;
}

export interface ApplicationPageInput {
  name?: string;
  sections?: Record<string, Record<string, boolean>>;
  customFields?: ApplicationCustomField[];
  applicationFeeAmount?: number;
  creditReportEnabled?: boolean;
  backgroundCheckEnabled?: boolean;
  identityVerificationEnabled?: boolean;
  incomeVerificationEnabled?: boolean;
}

const fieldError = (field: string, message: string, values?: Record<string, unknown>): FieldError => ({
  field,
  errorCode: 'RM_ERROR_RECORD_VALIDATION',
  message,
  values,
});

function refuse(errors: FieldError[]): never {
  throw new AppError('RM_ERROR_RECORD_VALIDATION', errors[0].message, { values: errors[0].values, fieldErrors: errors });
}

function nameErrors(name: string | undefined): FieldError[] {
  if (name === undefined) return [];
  if (!name.trim()) return [fieldError('name', 'validation.requiredField')];
  if (name.length > PAGE_NAME_MAX_LENGTH) return [fieldError('name', 'server.company.tooLong', { max: PAGE_NAME_MAX_LENGTH })];
  if (!PAGE_NAME_PATTERN.test(name)) return [fieldError('name', 'server.properties.pageNameInvalid')];
  return [];
}

function applicationErrors(input: ApplicationPageInput): FieldError[] {
  const errors = nameErrors(input.name);
  for (const [section, fields] of Object.entries(input.sections ?? {})) {
    const known: readonly string[] | undefined = (APPLICATION_SECTION_FIELDS as Record<string, readonly string[]>)[section];
    if (!known) {
      errors.push(fieldError(`sections.${section}`, 'server.properties.unknownSection', { value: section }));
      continue;
    }
    for (const f of Object.keys(fields)) {
      if (!known.includes(f))
        errors.push(fieldError(`sections.${section}.${f}`, 'server.properties.unknownSection', { value: f }));
    }
  }
  const ids = new Set<string>();
  (input.customFields ?? []).forEach((f, i) => {
    // the id keys the tenant's answer path (customFields.<id>): a dot would split it
    if (!CUSTOM_FIELD_ID_PATTERN.test(f.id))
      errors.push(fieldError(`customFields.${i}.id`, 'server.properties.customFieldIdInvalid', { value: f.id }));
    else if (ids.has(f.id)) errors.push(fieldError(`customFields.${i}.id`, 'server.company.duplicateCode', { code: f.id }));
    ids.add(f.id);
    if (!f.label.en.trim()) errors.push(fieldError(`customFields.${i}.label.en`, 'validation.requiredField'));
    if (!f.label.fr.trim()) errors.push(fieldError(`customFields.${i}.label.fr`, 'validation.requiredField'));
  });
  if (input.applicationFeeAmount !== undefined && toCents(input.applicationFeeAmount) > APPLICATION_FEE_MAX_CENTS) {
    errors.push(fieldError('applicationFeeAmount', 'server.properties.feeTooLarge'));
  }
  return errors;
}

/** Whether another page of the same kind holds the name (the public link must lead to one page). */
async function nameTaken(db: Executor, kind: PageKind, name: string, exceptId?: string): Promise<boolean> {
  const table = kind === 'on_boarding_page' ? onBoardingPages : leaseApplicationPages;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

const takenError = () => refuse([fieldError('name', 'server.properties.pageNameTaken')]);

/**
 * Whether tenants already came through the page: their sign-up (customers.signup_page, read again for the self
 * sign-up lease) and applications (lease_applications.page_name) name it, so a new name would cut them off it.
 */
async function pageInUse(db: Executor, kind: PageKind, name: string): Promise<boolean> {
  const [signedUp] = await db.select({ id: customers.id }).from(customers).where(eq(customers.signupPage, name)).limit(1);
  if (signedUp) return true;
  if (kind === 'on_boarding_page') return false;
  const [applied] = await db
    .select({ id: leaseApplications.id })
    .from(leaseApplications)
    .where(eq(leaseApplications.pageName, name))
    .limit(1);
  return !!applied;
}

async function checkRename(db: Executor, kind: PageKind, id: string, before: string, name: string | undefined) {
  if (name === undefined || name === before) return;
  if (await nameTaken(db, kind, name, id)) takenError();
  if (await pageInUse(db, kind, before)) refuse([fieldError('name', 'server.properties.pageNameInUse')]);
}

/** GET /company/{id}/pages: the company's onboarding and application pages, with their public links. */
export async function listCompanyPages(db: Executor, caller: ConsoleCaller, companyId: string) {
  requireCompanyScope(caller, companyId, 'Company');
  const [onboarding, applications] = await Promise.all([
    db.select().from(onBoardingPages).where(eq(onBoardingPages.companyId, companyId)).orderBy(asc(onBoardingPages.name)),
    db
      .select()
      .from(leaseApplicationPages)
      .where(eq(leaseApplicationPages.companyId, companyId))
      .orderBy(asc(leaseApplicationPages.name)),
  ]);
  return { onBoardingPages: onboarding.map(onBoardingRecord), leaseApplicationPages: applications.map(applicationRecord) };
}

export async function createOnBoardingPage(
  db: Executor,
  caller: ConsoleCaller,
  companyId: string,
  input: Required<OnBoardingPageInput>,
  actor: Actor,
) {
  requireCompanyScope(caller, companyId, 'Company');
  const errors = nameErrors(input.name);
  if (errors.length) refuse(errors);
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, 'on_boarding_page', input.name)) takenError();
    const [row] = await tx
      .insert(onBoardingPages)
      .values({ companyId, name: input.name, autoApproval: input.autoApproval })
      .returning();
    await recordAudit(tx, {
      recordType: 'on_boarding_page',
      recordId: row.id,
      action: 'CREATE',
      changes: { companyId, ...input },
      actor,
    });
    return onBoardingRecord(row);
  });
}

export async function updateOnBoardingPage(
  db: Executor,
  caller: ConsoleCaller,
  id: string,
  input: OnBoardingPageInput,
  actor: Actor,
) {
  const errors = nameErrors(input.name);
  if (errors.length) refuse(errors);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(onBoardingPages).where(eq(onBoardingPages.id, id)).limit(1);
    if (!before) throw AppError.notFound('Onboarding page');
    requireCompanyScope(caller, before.companyId, 'Onboarding page');
    await checkRename(tx, 'on_boarding_page', id, before.name, input.name);
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const changes = diffRecords(before as unknown as Record<string, unknown>, set);
    if (Object.keys(changes).length === 0) return onBoardingRecord(before);
    const [row] = await tx.update(onBoardingPages).set(set).where(eq(onBoardingPages.id, id)).returning();
    await recordAudit(tx, { recordType: 'on_boarding_page', recordId: id, action: 'UPDATE', changes, actor });
    return onBoardingRecord(row);
  });
}

/** The stored sections: every section and field named, unset ones false (the form asks what is true). */
const storedSections = (sections: Record<string, Record<string, boolean>>) =>
  Object.fromEntries(
    APPLICATION_SECTIONS.map((s) => [
      s,
      Object.fromEntries(APPLICATION_SECTION_FIELDS[s].map((f) => [f, sections[s]?.[f] === true])),
    ]),
  );

function applicationColumns(input: ApplicationPageInput) {
  const cols: Partial<typeof leaseApplicationPages.$inferInsert> = {
    name: input.name,
    sections: input.sections ? storedSections(input.sections) : undefined,
    customFields: input.customFields,
    applicationFeeAmount: input.applicationFeeAmount === undefined ? undefined : toCents(input.applicationFeeAmount),
    creditReportEnabled: input.creditReportEnabled,
    backgroundCheckEnabled: input.backgroundCheckEnabled,
    identityVerificationEnabled: input.identityVerificationEnabled,
    incomeVerificationEnabled: input.incomeVerificationEnabled,
  };
  return Object.fromEntries(Object.entries(cols).filter(([, v]) => v !== undefined)) as typeof cols;
}

export async function createApplicationPage(
  db: Executor,
  caller: ConsoleCaller,
  companyId: string,
  input: ApplicationPageInput & { name: string },
  actor: Actor,
) {
  requireCompanyScope(caller, companyId, 'Company');
  const errors = applicationErrors(input);
  if (errors.length) refuse(errors);
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, 'lease_application_page', input.name)) takenError();
    const cols = applicationColumns({ sections: {}, customFields: [], ...input });
    const [row] = await tx
      .insert(leaseApplicationPages)
      .values({ ...cols, name: input.name, companyId })
      .returning();
    await recordAudit(tx, {
      recordType: 'lease_application_page',
      recordId: row.id,
      action: 'CREATE',
      changes: { companyId, ...cols },
      actor,
    });
    return applicationRecord(row);
  });
}

export async function updateApplicationPage(
  db: Executor,
  caller: ConsoleCaller,
  id: string,
  input: ApplicationPageInput,
  actor: Actor,
) {
  const errors = applicationErrors(input);
  if (errors.length) refuse(errors);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(leaseApplicationPages).where(eq(leaseApplicationPages.id, id)).limit(1);
    if (!before) throw AppError.notFound('Application page');
    requireCompanyScope(caller, before.companyId, 'Application page');
    await checkRename(tx, 'lease_application_page', id, before.name, input.name);
    const cols = applicationColumns(input);
    // jsonb keeps its own key order: the stored sections and custom fields are compared in the input's order, so a
    // save that changes nothing records nothing
    const comparable = {
      ...before,
      sections: storedSections(parseApplicationSections(before.sections)),
      customFields: parseApplicationCustomFields(before.customFields),
    };
    const changes = diffRecords(comparable, cols);
    if (Object.keys(changes).length === 0) return applicationRecord(before);
    const [row] = await tx.update(leaseApplicationPages).set(cols).where(eq(leaseApplicationPages.id, id)).returning();
    await recordAudit(tx, { recordType: 'lease_application_page', recordId: id, action: 'UPDATE', changes, actor });
    return applicationRecord(row);
  });
}
