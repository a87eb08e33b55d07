// The outbox's sender (issue 25: "sent by the job with retries and back-off, never twice, and a failure is visible to
// the admin"). One pass:
//  1. A mail left SENDING longer than SENDING_LEASE_MS belongs to a sender that died mid-send: whether it left is
//     unknown, so it becomes UNCERTAIN (shown to the admin, who may send it again) and is never re-sent by itself;
//     unless it was claimed for a transactional transport (claimed_by `tx:…`): its delivery died with the
//     transaction, so it is simply due again.
//  2. Due PENDING mails are claimed in batches (FOR UPDATE SKIP LOCKED, committed as SENDING with one more attempt), so
//     two runners never take one mail.
//  3. Each is rendered in its language and sent; SENT (its link secret wiped), or PENDING again after a back-off, or
//     FAILED after MAIL_MAX_ATTEMPTS or at once when the server refuses it for good (SMTP 5xx), or UNCERTAIN when the
//     server had the whole message and then did not answer. With a transactional transport (the sandbox inbox) the
//     delivery and the SENT mark commit together: exactly once.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import type { Lang } from '../../lib/i18n.ts';
import { unseal } from '../../lib/sealed.ts';
import type { NotificationKind, NotificationParams } from '../notifications/notify.ts';
import { mailOrigin, SECRET_LABEL } from './outbox.ts';
import { type MailParams, type MailTemplate, renderMail } from './render.ts';
import {
  isPermanentMailError,
  isUncertainMailError,
  type MailTransport,
  mailFrom,
  mailTransportFromEnv,
  type OutgoingMail,
} from './transport.ts';

export const MAIL_MAX_ATTEMPTS = 6;
/** A send takes seconds; a claim this old is a dead sender's. */
export const SENDING_LEASE_MS = 5 * 60_000;
const BATCH = 50;

/** Wait before attempt n+1 after n failed: 1, 2, 4, 8, 16 minutes… at most an hour. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 3_600_000);
}

export interface DispatchResult {
  sent: number;
  /** Failed this pass (retried later or FAILED for good). */
  failed: number;
  uncertain: number;
}

interface ClaimedRow {
  id: string;
  template: MailTemplate;
  params: MailParams;
  secret: string | null;
  toAddress: string;
  languageCode: string;
  notificationId: string | null;
  attempts: number;
  firstName: string | null;
  kind: NotificationKind | null;
  noticeParams: NotificationParams | null;
}

function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'portal.localhost';
  return `<${id}@${domain}>`;
}

export async function dispatchMail(
  ctx: Pick<AppContext, 'db' | 'now' | 'mail' | 'config'>,
  opts: { maxBatches?: number; runnerId?: string } = {},
): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, failed: 0, uncertain: 0 };
  const transport: MailTransport = ctx.mail ?? mailTransportFromEnv();
  if (transport.name === 'none') return result;
  const raw = rawOf(ctx.db);
  // A transactional transport's claims are told apart: if their sender dies, nothing left (see 1. above).
  const runner = `${transport.transactional ? 'tx:' : ''}${opts.runnerId ?? `mail-${randomUUID()}`}`;
  const from = mailFrom();
  const origin = mailOrigin(ctx);

  const leaseEnd = new Date(ctx.now().getTime() - SENDING_LEASE_MS).toISOString();
  await raw(
    `UPDATE mail_outbox SET status = CASE WHEN attempts >= $2 THEN 'FAILED' ELSE 'PENDING' END,
       secret = CASE WHEN attempts >= $2 THEN NULL ELSE secret END, next_attempt_at = $3,
       last_error = 'The sender stopped while delivering this mail; nothing was delivered.'
     WHERE status = 'SENDING' AND claimed_at < $1 AND claimed_by LIKE 'tx:%'`,
    [leaseEnd, MAIL_MAX_ATTEMPTS, ctx.now().toISOString()],
  );
  const stale = await raw(
    `UPDATE mail_outbox SET status = 'UNCERTAIN', secret = NULL,
       last_error = 'The sender stopped while delivering this mail: whether it left is unknown.'
     WHERE status = 'SENDING' AND claimed_at < $1 AND coalesce(claimed_by, '') NOT LIKE 'tx:%' RETURNING id`,
    [leaseEnd],
  );
  result.uncertain = stale.rows.length;

  for (let batch = 0; batch < (opts.maxBatches ?? 1000); batch++) {
    const now = ctx.now().toISOString();
    const { rows } = await raw(
      `WITH claimed AS (
         UPDATE mail_outbox m SET status = 'SENDING', claimed_at = $1, claimed_by = $2, attempts = m.attempts + 1
         WHERE m.id IN (SELECT id FROM mail_outbox WHERE status = 'PENDING' AND next_attempt_at <= $1
                        ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING m.*)
       SELECT c.id, c.template, c.params, c.secret, c.to_address AS "toAddress", c.language_code AS "languageCode",
         c.notification_id AS "notificationId", c.attempts,
         coalesce(cu.first_name, u.first_name) AS "firstName", n.kind, n.params AS "noticeParams"
       FROM claimed c
         LEFT JOIN notifications n ON n.id = c.notification_id
         LEFT JOIN customers cu ON cu.id = c.user_id AND c.user_type = 'TYPE_CUSTOMER'
         LEFT JOIN corporate_users u ON u.id = c.user_id AND c.user_type IS DISTINCT FROM 'TYPE_CUSTOMER'
       ORDER BY c.next_attempt_at, c.id`,
      [now, runner, BATCH],
    );
    for (const row of rows as unknown as ClaimedRow[]) {
      const outcome = await sendOne(ctx, transport, row, { from, origin, runner });
      if (outcome === 'sent') result.sent += 1;
      else if (outcome === 'failed') result.failed += 1;
      else if (outcome === 'uncertain') result.uncertain += 1;
    }
    if (rows.length < BATCH) break;
  }
  return result;
}

async function sendOne(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  transport: MailTransport,
  row: ClaimedRow,
  env: { from: string; origin: string; runner: string },
): Promise<'sent' | 'failed' | 'uncertain' | 'skipped'> {
  // Still this sender's claim. A mail declared UNCERTAIN meanwhile (a send slower than the lease) did leave after all:
  // SENT (not for a transactional delivery, which rolls back instead).
  const markSent = `UPDATE mail_outbox SET status = 'SENT', sent_at = $2, secret = NULL, last_error = NULL, message_id = $3
     WHERE id = $1 AND claimed_by = $4
       AND (status = 'SENDING' OR (status = 'UNCERTAIN' AND NOT $5::boolean)) RETURNING id`;
  const markParams = () => [row.id, ctx.now().toISOString(), messageId, env.runner, transport.transactional === true];
  const messageId = messageIdOf(row.id, env.from);
  let mail: OutgoingMail;
  try {
    const token = row.secret ? unseal(ctx.config.jwtSecret, SECRET_LABEL, row.secret) : null;
    const content = renderMail({
      template: row.template,
      params: row.params,
      lang: (row.languageCode === 'fr' ? 'fr' : 'en') as Lang,
      origin: typeof row.params.origin === 'string' ? row.params.origin : env.origin,
      token,
      notice: row.kind ? { kind: row.kind, params: row.noticeParams ?? {}, id: row.notificationId ?? '' } : null,
      firstName: row.firstName,
    });
    mail = { outboxId: row.id, messageId, from: env.from, to: row.toAddress, ...content };
  } catch (err) {
    // A mail that cannot be rendered never will be: FAILED at once, for the admin to see.
    await fail(ctx, row, err, { final: true, runner: env.runner });
    return 'failed';
  }
  // The claim stamped again right before its own send, so the lease measures this send and not the batch's wait
  // behind slow ones. Declared UNCERTAIN meanwhile but still ours: it never left (this is its send), so it is taken
  // back; lost (the admin sent it again, another sender holds it, a transactional claim made due again): not ours.
  const mine = await rawOf(ctx.db)(
    `UPDATE mail_outbox SET status = 'SENDING', claimed_at = $2
     WHERE id = $1 AND claimed_by = $3 AND status IN ('SENDING', 'UNCERTAIN') RETURNING id`,
    [row.id, ctx.now().toISOString(), env.runner],
  );
  if (mine.rows.length === 0) return 'skipped';
  try {
    if (transport.transactional) {
      await ctx.db.transaction(async (tx) => {
        await transport.send(mail, tx);
        const marked = await rawOf(tx)(markSent, markParams());
        // Taken from this sender meanwhile (declared UNCERTAIN): the delivery rolls back with it.
        if (marked.rows.length === 0) throw new Error('claim lost');
      });
    } else {
      await transport.send(mail);
      await rawOf(ctx.db)(markSent, markParams());
    }
    return 'sent';
  } catch (err) {
    if (isUncertainMailError(err)) {
      // Handed over, then no answer: sending it again could deliver it twice. For the admin to decide, as a dead sender's.
      await rawOf(ctx.db)(
        `UPDATE mail_outbox SET status = 'UNCERTAIN', secret = NULL, last_error = $2
         WHERE id = $1 AND status = 'SENDING' AND claimed_by = $3`,
        [row.id, (err as Error).message.slice(0, 500), env.runner],
      );
      return 'uncertain';
    }
    // A permanent refusal (SMTP 5xx: no such mailbox…) will not change by waiting.
    const final = row.attempts >= MAIL_MAX_ATTEMPTS || isPermanentMailError(err);
    await fail(ctx, row, err, { final, runner: env.runner });
    return 'failed';
  }
}

/** Only while the claim is still this sender's: a claim declared stale and taken again is the new holder's. */
async function fail(
  ctx: Pick<AppContext, 'db' | 'now'>,
  row: ClaimedRow,
  err: unknown,
  opts: { final: boolean; runner: string },
): Promise<void> {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  if (opts.final) {
    await rawOf(ctx.db)(
      `UPDATE mail_outbox SET status = 'FAILED', secret = NULL, last_error = $2
       WHERE id = $1 AND status = 'SENDING' AND claimed_by = $3`,
      [row.id, message, opts.runner],
    );
    return;
  }
  const next = new Date(ctx.now().getTime() + backoffMs(row.attempts)).toISOString();
  await rawOf(ctx.db)(
    `UPDATE mail_outbox SET status = 'PENDING', next_attempt_at = $2, last_error = $3
     WHERE id = $1 AND status = 'SENDING' AND claimed_by = $4`,
    [row.id, next, message, opts.runner],
  );
}
