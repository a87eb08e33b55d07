// Writing a mail into the durable outbox (issue 25): always with the executor of the transaction that causes it, so the
// mail exists exactly when its cause committed. A link token is sealed (lib/sealed.ts) and wiped once the mail is settled.
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { seal } from '../../lib/sealed.ts';
import type { MailParams, MailTemplate } from './render.ts';

export const SECRET_LABEL = 'mail-outbox';

export interface NewMail {
  template: MailTemplate;
  to: string;
  languageCode: string;
  params: MailParams;
  /** Once-only key: a second insert with it is ignored. */
  dedupeKey: string;
  userId?: string | null;
  userType?: string | null;
  /** A link token, sealed in the row. */
  token?: string;
}

/** The portal's address in mail links: PUBLIC_ORIGIN (config), else the address the request came to, else this server's. */
export function mailOrigin(ctx: Pick<AppContext, 'config'>, requestOrigin?: string): string {
  return (ctx.config.oidc?.publicOrigin || requestOrigin || `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
}

export async function enqueueMail(
  ctx: Pick<AppContext, 'config' | 'now'>,
  executor: Executor,
  mail: NewMail,
): Promise<string | null> {
  const at = ctx.now();
  // Due now by the real clock too: a test clock in the future must not hold a reset link back.
  const due = new Date(Math.min(at.getTime(), Date.now())).toISOString();
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey,
      template: mail.template,
      toAddress: mail.to,
      languageCode: mail.languageCode === 'fr' ? 'fr' : 'en',
      params: mail.params,
      secret: mail.token ? seal(ctx.config.jwtSecret, SECRET_LABEL, mail.token) : null,
      userId: mail.userId ?? null,
      userType: mail.userType ?? null,
      nextAttemptAt: due,
      createdAt: at.toISOString(),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}
