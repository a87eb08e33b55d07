// Issue 11: the screenings a submitted application asks for (credit, background, income verification), through the
// screening provider. Rows first (one per kind the page enables; unique per application and kind), then one attempt
// each; what the provider does not answer now stays PENDING for the job (retry-screenings.ts).
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { incomeVerifications, screenings } from '../../db/schema.ts';
import type { ScreeningType } from '../../providers/screening/screening.ts';
import { insertNotification } from '../notifications/notify.ts';
import { loadScreeningSubject } from './applicant.ts';
import { attemptIncomeVerification, attemptScreening, nextAttemptAt } from './attempt.ts';

const NOT_SUBMITTED = new Set(['NOT_STARTED', 'IN_PROGRESS']);

/**
 * Creates the application's screening rows (one per enabled kind) and asks the provider for each; never throws for a
 * provider failure (the row stays PENDING and the job retries it). Called after the submit's commit. Calling it again
 * adds no row and asks only for what is still PENDING; the tenant is told of the submission once.
 */
export async function startScreenings(ctx: AppContext, applicationId: string): Promise<void> {
  const subject = await loadScreeningSubject(ctx, applicationId);
  if (!subject || NOT_SUBMITTED.has(subject.status)) return;
  const createdAt = ctx.now().toISOString();
  const types: ScreeningType[] = [];
  if (subject.flags.credit) types.push('CREDIT');
  if (subject.flags.background) types.push('BASIC');
  if (types.length) {
    await ctx.db
      .insert(screenings)
      .values(types.map((type) => ({ applicationId, type, status: 'PENDING', createdAt })))
      .onConflictDoNothing({ target: [screenings.applicationId, screenings.type] });
  }
  if (subject.flags.income) {
    await ctx.db
      .insert(incomeVerifications)
      .values({ applicationId, status: 'PENDING', createdAt })
      .onConflictDoNothing({ target: incomeVerifications.applicationId });
  }

  await insertNotification(ctx.db, {
    userId: subject.customerId,
    billingAccountId: null,
    kind: 'APPLICATION_SUBMITTED',
    params: { applicationId, propertyName: subject.propertyName },
    dedupeKey: `application-submitted:${applicationId}`,
    createdAt: ctx.now(),
  });

  const pending = await ctx.db
    .select()
    .from(screenings)
    .where(and(eq(screenings.applicationId, applicationId), eq(screenings.status, 'PENDING')));
  // Only what is due (a second call right after the first leaves the back-off to the job).
  const due = (row: { createdAt: string; attempts: number }) => nextAttemptAt(row.createdAt, row.attempts) <= ctx.now();
  for (const row of pending) if (due(row)) await attemptScreening(ctx, row, subject);
  const [income] = await ctx.db
    .select()
    .from(incomeVerifications)
    .where(and(eq(incomeVerifications.applicationId, applicationId), eq(incomeVerifications.status, 'PENDING')));
  if (income && due(income)) await attemptIncomeVerification(ctx, income, subject);
}
