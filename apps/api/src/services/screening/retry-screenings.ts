// The job's screening step (issue 11): PENDING screenings and income verifications whose back-off has passed are asked
// again (attempt.ts: after MAX_SCREENING_ATTEMPTS they are ERROR). First, a submitted application whose screening rows
// were never made (the submit's startScreenings failed before them) gets them.
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import { incomeVerifications, screenings } from '../../db/schema.ts';
import { loadScreeningSubject, type ScreeningSubject } from './applicant.ts';
import { type AttemptOutcome, attemptIncomeVerification, attemptScreening, nextAttemptAt } from './attempt.ts';
import { startScreenings } from './start-screenings.ts';

export interface RetriedScreening {
  id: string;
  kind: 'CREDIT' | 'BASIC' | 'INCOME';
  outcome: AttemptOutcome;
}

/** At most `limit` rows of each kind per run (the oldest first). */
export async function retryPendingScreenings(ctx: AppContext, opts: { limit?: number } = {}): Promise<RetriedScreening[]> {
  const limit = opts.limit ?? 200;
  const now = ctx.now();
  const done: RetriedScreening[] = [];
  const subjects = new Map<string, ScreeningSubject | null>();
  const subjectOf = async (applicationId: string) => {
    if (!subjects.has(applicationId)) subjects.set(applicationId, await loadScreeningSubject(ctx, applicationId));
    return subjects.get(applicationId) ?? null;
  };

  const unstarted = await rawOf(ctx.db)(
    `SELECT a.id FROM lease_applications a JOIN lease_application_pages p ON p.name = a.page_name
      WHERE a.status = 'PENDING' AND (
        (p.credit_report_enabled AND NOT EXISTS (SELECT 1 FROM screenings s WHERE s.application_id = a.id AND s.type = 'CREDIT'))
        OR (p.background_check_enabled AND NOT EXISTS (SELECT 1 FROM screenings s WHERE s.application_id = a.id AND s.type = 'BASIC'))
        OR (p.income_verification_enabled AND NOT EXISTS (SELECT 1 FROM income_verifications v WHERE v.application_id = a.id)))
      ORDER BY a.submitted_at LIMIT $1`,
    [limit],
  );
  for (const { id } of unstarted.rows) await startScreenings(ctx, String(id));

  const pendingScreenings = await ctx.db
    .select()
    .from(screenings)
    .where(eq(screenings.status, 'PENDING'))
    .orderBy(asc(screenings.createdAt))
    .limit(limit);
  for (const row of pendingScreenings) {
    if (nextAttemptAt(row.createdAt, row.attempts) > now) continue;
    const subject = await subjectOf(row.applicationId);
    if (!subject) continue;
    const outcome = await attemptScreening(ctx, row, subject);
    if (outcome !== 'SKIPPED') done.push({ id: row.id, kind: row.type as 'CREDIT' | 'BASIC', outcome });
  }

  const pendingIncome = await ctx.db
    .select()
    .from(incomeVerifications)
    .where(eq(incomeVerifications.status, 'PENDING'))
    .orderBy(asc(incomeVerifications.createdAt))
    .limit(limit);
  for (const row of pendingIncome) {
    if (nextAttemptAt(row.createdAt, row.attempts) > now) continue;
    const subject = await subjectOf(row.applicationId);
    if (!subject) continue;
    const outcome = await attemptIncomeVerification(ctx, row, subject);
    if (outcome !== 'SKIPPED') done.push({ id: row.id, kind: 'INCOME', outcome });
  }
  return done;
}
