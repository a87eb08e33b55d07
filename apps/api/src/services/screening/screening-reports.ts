// Screening details and report files (issue 11): only for the application's owner (another tenant gets 404, as if it
// did not exist), a manager of its company (issue 23: the approvals inbox) or an admin. A report is there once the
// provider answered (PASS, FAIL or REVIEW); otherwise 404 RM_ERROR_REPORT_NOT_AVAILABLE with the spec 2 §8
// missing-report message of its kind. A stored report file that is gone (e.g. removed by the storage sweep) is fetched
// again from the provider under the same request key.
import { toIsoInstant } from '@portal/domain/dates';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { incomeVerifications, leaseApplications, screenings } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ScreeningType } from '../../providers/screening/screening.ts';
import type { Caller } from '../search/caller.ts';
import { loadScreeningSubject } from './applicant.ts';
import { incomeRequestKey, screeningRequestKey } from './attempt.ts';

const ANSWERED = new Set(['PASS', 'FAIL', 'REVIEW']);

export const reportNotAvailable = (kind: ScreeningType | 'INCOME') =>
  new AppError('RM_ERROR_REPORT_NOT_AVAILABLE', `server.screening.reportUnavailable.${kind}`, { statusCode: 404 });

const applicationNotFound = () => new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.screening.applicationNotFound');

/** The application if the caller may see it (a tenant: theirs, not deleted; a manager: their company's; an admin: any). */
async function visibleApplication(ctx: AppContext, caller: Caller, applicationId: string) {
  const scope = [eq(leaseApplications.id, applicationId)];
  if (caller.role === 'tenant') scope.push(eq(leaseApplications.customerId, caller.id), isNull(leaseApplications.deletedAt));
  if (caller.role === 'manager') scope.push(eq(leaseApplications.companyId, caller.companyId));
  const [app] = await ctx.db
    .select({ id: leaseApplications.id })
    .from(leaseApplications)
    .where(and(...scope))
    .limit(1);
  if (!app) throw applicationNotFound();
  return app;
}

async function screeningRow(ctx: AppContext, caller: Caller, applicationId: string, type: ScreeningType) {
  await visibleApplication(ctx, caller, applicationId);
  const [row] = await ctx.db
    .select()
    .from(screenings)
    .where(and(eq(screenings.applicationId, applicationId), eq(screenings.type, type)))
    .limit(1);
  if (!row) throw reportNotAvailable(type);
  return row;
}

export interface ScreeningDetails {
  id: string;
  applicationId: string;
  type: string;
  status: string;
  requestId: string | null;
  screenResult: Record<string, unknown> | null;
  completedAt: string | null;
}

export async function getScreeningDetails(
  ctx: AppContext,
  caller: Caller,
  applicationId: string,
  type: ScreeningType,
): Promise<ScreeningDetails> {
  const row = await screeningRow(ctx, caller, applicationId, type);
  return {
    id: row.id,
    applicationId: row.applicationId,
    type: row.type,
    status: row.status,
    requestId: row.requestId,
    screenResult: ANSWERED.has(row.status) ? ((row.screenResult as Record<string, unknown> | null) ?? null) : null,
    completedAt: row.completedAt ? toIsoInstant(row.completedAt) : null,
  };
}

export interface ReportFile {
  name: string;
  bytes: Buffer;
}

async function readStored(ctx: AppContext, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await ctx.storage.read(key);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function screeningReportFile(
  ctx: AppContext,
  caller: Caller,
  applicationId: string,
  type: ScreeningType,
): Promise<ReportFile> {
  const row = await screeningRow(ctx, caller, applicationId, type);
  if (!ANSWERED.has(row.status)) throw reportNotAvailable(type);
  const name = `${type === 'CREDIT' ? 'credit' : 'background'}-report-${row.requestId ?? row.id}.pdf`;
  const stored = await readStored(ctx, row.reportStorageKey);
  if (stored) return { name, bytes: stored };
  // The file is gone: the provider keeps its reports by request.
  const subject = await loadScreeningSubject(ctx, applicationId);
  if (!subject) throw reportNotAvailable(type);
  const answer = await ctx.providers.screening
    .screen({ type, requestKey: screeningRequestKey(applicationId, type), applicant: subject.applicant })
    .catch(() => null);
  if (!answer?.reportPdf) throw reportNotAvailable(type);
  const key = await ctx.storage.save(answer.reportPdf);
  await ctx.db.update(screenings).set({ reportStorageKey: key }).where(eq(screenings.id, row.id));
  return { name, bytes: answer.reportPdf };
}

export async function incomeReportFile(ctx: AppContext, caller: Caller, id: string): Promise<ReportFile> {
  const [row] = await ctx.db.select().from(incomeVerifications).where(eq(incomeVerifications.id, id)).limit(1);
  // Unknown, or another tenant's: not found (as if it did not exist).
  if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.screening.incomeVerificationNotFound');
  await visibleApplication(ctx, caller, row.applicationId);
  if (!ANSWERED.has(row.status)) throw reportNotAvailable('INCOME');
  const name = `income-report-${row.requestId ?? row.id}.pdf`;
  const stored = await readStored(ctx, row.reportStorageKey);
  if (stored) return { name, bytes: stored };
  const subject = await loadScreeningSubject(ctx, row.applicationId);
  if (!subject) throw reportNotAvailable('INCOME');
  const answer = await ctx.providers.screening
    .verifyIncome({
      requestKey: incomeRequestKey(row.applicationId),
      applicant: subject.applicant,
      declaredMonthlyIncome: subject.declaredMonthlyIncome,
      currency: subject.currency,
    })
    .catch(() => null);
  if (!answer?.reportPdf) throw reportNotAvailable('INCOME');
  const key = await ctx.storage.save(answer.reportPdf);
  await ctx.db.update(incomeVerifications).set({ reportStorageKey: key }).where(eq(incomeVerifications.id, row.id));
  return { name, bytes: answer.reportPdf };
}
