// Retention (issue 25): the demo inbox and dead account links do not pile up forever. The job's outbox step calls it.
// Kept: the outbox itself (what was mailed to whom, when, and why it failed: the admin's record). Dropped: sandbox
// mail older than SANDBOX_KEEP_DAYS, and reset / verification links SPENT_LINK_KEEP_DAYS after their end (used,
// replaced or expired: their hashes only answered "invalid" since). At most PRUNE_BATCH rows of each per run.
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';

export const SANDBOX_KEEP_DAYS = 30;
export const SPENT_LINK_KEEP_DAYS = 30;
const PRUNE_BATCH = 5_000;
const DAY = 86_400_000;

export async function pruneMail(ctx: Pick<AppContext, 'db' | 'now'>): Promise<{ sandbox: number; links: number }> {
  const raw = rawOf(ctx.db);
  const now = ctx.now().getTime();
  const sandbox = await raw(
    `DELETE FROM sandbox_mailbox WHERE id IN (
       SELECT id FROM sandbox_mailbox WHERE created_at < $1 ORDER BY created_at LIMIT $2) RETURNING id`,
    [new Date(now - SANDBOX_KEEP_DAYS * DAY).toISOString(), PRUNE_BATCH],
  );
  const links = await raw(
    `DELETE FROM account_tokens WHERE id IN (
       SELECT id FROM account_tokens WHERE expires_at < $1 LIMIT $2) RETURNING id`,
    [new Date(now - SPENT_LINK_KEEP_DAYS * DAY).toISOString(), PRUNE_BATCH],
  );
  return { sandbox: sandbox.rows.length, links: links.rows.length };
}
