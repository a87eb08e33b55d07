// The admin's view of the mail outbox (issue 25: "a failure is visible to the admin"): the mails by status with their
// last error, and "send again" for a FAILED or UNCERTAIN one. Never answers a mail's params (they may carry figures or
// names) nor its sealed link secret.
import { toIsoInstant } from '@portal/domain/dates';
import {
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  type OutboxPage,
  type OutboxRecord,
  type OutboxStatus,
} from '@portal/domain/mail-shapes';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mailOutbox } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';

/** Templates whose mail carries a single-use link: once its secret is wiped, re-sending would send a dead link. */
export const LINK_TEMPLATES: readonly string[] = ['PASSWORD_RESET', 'EMAIL_VERIFY', 'LEASE_INVITATION'];
export { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxPage, type OutboxRecord, type OutboxStatus };

const RESENDABLE: readonly string[] = ['FAILED', 'UNCERTAIN'];

const columns = {
  id: mailOutbox.id,
  template: mailOutbox.template,
  toAddress: mailOutbox.toAddress,
  languageCode: mailOutbox.languageCode,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  sentAt: mailOutbox.sentAt,
  createdAt: mailOutbox.createdAt,
  // Only whether a secret is kept, never the secret.
  hasSecret: sql<boolean>`${mailOutbox.secret} IS NOT NULL`,
};

type Row = Omit<OutboxRecord, 'canResend' | 'status'> & { status: string; hasSecret: boolean };

function linkGone(row: { template: string; hasSecret: boolean }): boolean {
  return LINK_TEMPLATES.includes(row.template) && !row.hasSecret;
}

function toRecord(row: Row): OutboxRecord {
  const { hasSecret: _secret, ...rest } = row;
  return {
    ...rest,
    // Only the dispatcher and this service write it, always one of these five (services/mail/dispatch.ts).
    status: row.status as OutboxStatus,
    nextAttemptAt: toIsoInstant(row.nextAttemptAt),
    sentAt: row.sentAt ? toIsoInstant(row.sentAt) : null,
    createdAt: toIsoInstant(row.createdAt),
    canResend: RESENDABLE.includes(row.status) && !linkGone(row),
  };
}

/**
 * One page of the outbox, newest first. `statuses` filters (several allowed: the screen's "FAILED,UNCERTAIN"), `to` is
 * a part of the address, case-insensitive. `counts` are the whole outbox's per status, whatever the filter.
 */
export async function listOutbox(
  ctx: Pick<AppContext, 'db'>,
  query: { statuses?: OutboxStatus[]; to?: string; page: number },
): Promise<OutboxPage> {
  const conditions: SQL[] = [];
  if (query.statuses?.length) conditions.push(inArray(mailOutbox.status, query.statuses));
  const to = query.to?.trim().toLowerCase();
  if (to) conditions.push(sql`strpos(lower(${mailOutbox.toAddress}), ${to}) > 0`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }], perStatus] = await Promise.all([
    ctx.db
      .select(columns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((query.page - 1) * OUTBOX_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(mailOutbox).where(where),
    ctx.db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const { status, n } of perStatus) if (status in counts) counts[status as OutboxStatus] = Number(n);
  return { records: rows.map(toRecord), total: Number(total), page: query.page, counts };
}

/**
 * A FAILED or UNCERTAIN mail back to PENDING, due now, attempts 0 (audited MAIL_RESEND). 409 for another status, and
 * for a mail whose single-use link was wiped (the person asks for a new link instead). The caller wakes the mailer.
 */
export async function resendOutboxMail(ctx: Pick<AppContext, 'db' | 'now'>, actor: Actor, id: string): Promise<OutboxRecord> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
    if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.mailOutbox.notFound');
    if (!RESENDABLE.includes(row.status)) {
      throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.mailOutbox.notResendable', {
        values: { status: row.status },
      });
    }
    if (linkGone(row)) throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.mailOutbox.linkGone');
    // Due now by the real clock too (as enqueueMail): a test clock in the future must not hold it back.
    const due = new Date(Math.min(ctx.now().getTime(), Date.now())).toISOString();
    const [updated] = await tx
      .update(mailOutbox)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: due, claimedAt: null, claimedBy: null })
      .where(eq(mailOutbox.id, id))
      .returning(columns);
    await recordAudit(tx, {
      recordType: 'MAIL_OUTBOX',
      recordId: id,
      action: 'MAIL_RESEND',
      changes: {
        status: { from: row.status, to: 'PENDING' },
        attempts: { from: row.attempts, to: 0 },
      },
      actor,
    });
    return toRecord(updated);
  });
}
