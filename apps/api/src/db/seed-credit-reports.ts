// Issue 22 demo: last month already reported to the bureau, as the job would have done on the 2nd. The month's
// reporting itself runs (services/credit-reporting/report-month.ts) on the demo's subscriptions and ledger, so the
// file, its records and the sandbox bureau's answers are what the real run gives (nothing when no subscription covered
// last month). Runs after the subscriptions' seed.
import type { AppContext } from '../context.ts';
import { reportMonth } from '../services/credit-reporting/report-month.ts';

export async function seedDemoCreditReports(ctx: AppContext): Promise<void> {
  await reportMonth(ctx);
}
