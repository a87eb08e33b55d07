// The demo's sandbox inbox (issue 25 "Real SMTP": without SMTP_URL mail goes to a local inbox the portal serves to admins,
// and to anyone on the demo). Reads sandbox_mailbox, which the SANDBOX_MAIL transport fills (transport.ts).
// Who may read is the route's business (routes/mail): the inbox holds reset links, so it is public only by the flag.
import { toIsoInstant } from '@portal/domain/dates';
import { INBOX_PAGE_SIZE, type InboxEntry, type InboxMessage } from '@portal/domain/mail-shapes';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sandboxMailbox } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export { INBOX_PAGE_SIZE, type InboxEntry, type InboxMessage };

/** Whether this server has a sandbox inbox: not when mail leaves through SMTP (SMTP_URL). */
export function hasSandboxInbox(ctx: Pick<AppContext, 'mail'>): boolean {
  return ctx.mail?.name !== 'smtp';
}

/** 404 when there is no sandbox inbox (mail goes out through SMTP). */
export function requireSandboxInbox(ctx: Pick<AppContext, 'mail'>): void {
  if (!hasSandboxInbox(ctx)) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.mailInbox.noInbox');
}

/** One page of the inbox, newest first; `to` matches the recipient whatever its case (stored in lower case). */
export async function listInbox(
  ctx: Pick<AppContext, 'db'>,
  query: { to?: string; page: number },
): Promise<{ records: InboxEntry[]; total: number; page: number }> {
  const to = query.to?.trim().toLowerCase();
  const where: SQL | undefined = to ? eq(sandboxMailbox.toAddress, to) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: sandboxMailbox.id,
        to: sandboxMailbox.toAddress,
        from: sandboxMailbox.fromAddress,
        subject: sandboxMailbox.subject,
        createdAt: sandboxMailbox.createdAt,
      })
      .from(sandboxMailbox)
      .where(where)
      .orderBy(desc(sandboxMailbox.createdAt), desc(sandboxMailbox.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((query.page - 1) * INBOX_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(sandboxMailbox).where(where),
  ]);
  return {
    records: rows.map((r) => ({ ...r, createdAt: toIsoInstant(r.createdAt) })),
    total: Number(total),
    page: query.page,
  };
}

/** One message of the inbox, with its plain-text and HTML parts; 404 when unknown. */
export async function getInboxMessage(ctx: Pick<AppContext, 'db'>, id: string): Promise<InboxMessage> {
  const [row] = await ctx.db
    .select({
      id: sandboxMailbox.id,
      to: sandboxMailbox.toAddress,
      from: sandboxMailbox.fromAddress,
      subject: sandboxMailbox.subject,
      text: sandboxMailbox.text,
      html: sandboxMailbox.html,
      createdAt: sandboxMailbox.createdAt,
    })
    .from(sandboxMailbox)
    .where(eq(sandboxMailbox.id, id))
    .limit(1);
  if (!row) throw AppError.notFound('Mail');
  return { ...row, createdAt: toIsoInstant(row.createdAt) };
}
