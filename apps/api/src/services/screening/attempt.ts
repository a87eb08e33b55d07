// One call to the screening provider for one screening or income-verification row (issue 11). A row is PENDING until
// the provider answers; a failure or a not-yet answer counts an attempt and leaves it PENDING for the job, with a
// back-off by attempts; after MAX_SCREENING_ATTEMPTS it is ERROR (the error kept). The write is guarded by the row's
// attempts (optimistic): two callers at once (submit and the job) ask the provider with one request key (the same
// answer) and only one of them records it.
import { toIsoInstant } from '@portal/domain/dates';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { incomeVerifications, screenings } from '../../db/schema.ts';
import type { ScreeningType } from '../../providers/screening/screening.ts';
import type { ScreeningSubject } from './applicant.ts';

export const MAX_SCREENING_ATTEMPTS = 5;
/** Minutes after a row's creation before its next attempt, by attempts made: 0, 1, 5, 15, 60 (then ERROR). */
export const SCREENING_RETRY_AFTER_MINUTES = [0, 1, 5, 15, 60] as const;

export type ScreeningRow = typeof screenings.$inferSelect;
export type IncomeRow = typeof incomeVerifications.$inferSelect;
export type AttemptOutcome = 'PASS' | 'FAIL' | 'REVIEW' | 'PENDING' | 'ERROR' | 'SKIPPED';

/** When a PENDING row with `attempts` made may be tried again. */
export function nextAttemptAt(createdAt: string, attempts: number): Date {
  const minutes = SCREENING_RETRY_AFTER_MINUTES[Math.min(attempts, SCREENING_RETRY_AFTER_MINUTES.length - 1)];
  return new Date(new Date(toIsoInstant(createdAt)).getTime() + minutes * 60_000);
}

export const screeningRequestKey = (applicationId: string, type: ScreeningType) => `screening:${applicationId}:${type}`;
export const incomeRequestKey = (applicationId: string) => `income:${applicationId}`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The fields of a failed or unanswered attempt: PENDING again, or ERROR once the attempts are used up. */
function notAnswered(ctx: AppContext, attempts: number, error: string | null) {
  const exhausted = attempts >= MAX_SCREENING_ATTEMPTS;
  return {
    attempts,
    status: exhausted ? 'ERROR' : 'PENDING',
    error: exhausted && !error ? 'no answer from the screening provider' : error,
    completedAt: exhausted ? ctx.now().toISOString() : null,
  };
}

export async function attemptScreening(ctx: AppContext, row: ScreeningRow, subject: ScreeningSubject): Promise<AttemptOutcome> {
  const guard = and(eq(screenings.id, row.id), eq(screenings.status, 'PENDING'), eq(screenings.attempts, row.attempts));
  const type = row.type as ScreeningType;
  let answer: Awaited<ReturnType<AppContext['providers']['screening']['screen']>>;
  try {
    answer = await ctx.providers.screening.screen({
      type,
      requestKey: screeningRequestKey(row.applicationId, type),
      applicant: subject.applicant,
    });
  } catch (err) {
    const set = notAnswered(ctx, row.attempts + 1, errorText(err));
    const done = await ctx.db.update(screenings).set(set).where(guard).returning({ id: screenings.id });
    return done.length ? (set.status as AttemptOutcome) : 'SKIPPED';
  }
  if (answer.status === 'PENDING') {
    const set = { ...notAnswered(ctx, row.attempts + 1, null), requestId: answer.requestId };
    const done = await ctx.db.update(screenings).set(set).where(guard).returning({ id: screenings.id });
    return done.length ? (set.status as AttemptOutcome) : 'SKIPPED';
  }
  const key = answer.reportPdf ? await ctx.storage.save(answer.reportPdf) : null;
  const done = await ctx.db
    .update(screenings)
    .set({
      status: answer.status,
      requestId: answer.requestId,
      screenResult: answer.screenResult,
      reportStorageKey: key,
      attempts: row.attempts + 1,
      error: null,
      completedAt: ctx.now().toISOString(),
    })
    .where(guard)
    .returning({ id: screenings.id });
  if (!done.length) {
    if (key) await ctx.storage.remove(key).catch(() => undefined);
    return 'SKIPPED';
  }
  return answer.status;
}

export async function attemptIncomeVerification(
  ctx: AppContext,
  row: IncomeRow,
  subject: ScreeningSubject,
): Promise<AttemptOutcome> {
  const guard = and(
    eq(incomeVerifications.id, row.id),
    eq(incomeVerifications.status, 'PENDING'),
    eq(incomeVerifications.attempts, row.attempts),
  );
  let answer: Awaited<ReturnType<AppContext['providers']['screening']['verifyIncome']>>;
  try {
    answer = await ctx.providers.screening.verifyIncome({
      requestKey: incomeRequestKey(row.applicationId),
      applicant: subject.applicant,
      declaredMonthlyIncome: subject.declaredMonthlyIncome,
      currency: subject.currency,
    });
  } catch (err) {
    const set = notAnswered(ctx, row.attempts + 1, errorText(err));
    const done = await ctx.db.update(incomeVerifications).set(set).where(guard).returning({ id: incomeVerifications.id });
    return done.length ? (set.status as AttemptOutcome) : 'SKIPPED';
  }
  if (answer.status === 'PENDING' || !answer.report) {
    const set = { ...notAnswered(ctx, row.attempts + 1, null), requestId: answer.requestId };
    const done = await ctx.db.update(incomeVerifications).set(set).where(guard).returning({ id: incomeVerifications.id });
    return done.length ? (set.status as AttemptOutcome) : 'SKIPPED';
  }
  const key = answer.reportPdf ? await ctx.storage.save(answer.reportPdf) : null;
  const done = await ctx.db
    .update(incomeVerifications)
    .set({
      status: answer.status,
      requestId: answer.requestId,
      ...answer.report,
      pdfUrl: `/api/income_verification/${row.id}/report`,
      reportStorageKey: key,
      attempts: row.attempts + 1,
      error: null,
      completedAt: ctx.now().toISOString(),
    })
    .where(guard)
    .returning({ id: incomeVerifications.id });
  if (!done.length) {
    if (key) await ctx.storage.remove(key).catch(() => undefined);
    return 'SKIPPED';
  }
  return answer.status;
}
