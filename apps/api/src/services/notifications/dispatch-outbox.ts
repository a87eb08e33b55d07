// The e-mail outbox dispatcher (issue 10): notices whose emailStatus is PENDING are claimed in batches
// (FOR UPDATE SKIP LOCKED, so two runners never send one twice), rendered in the tenant's language (customers.language_code)
// and sent through the app's MailTransport; SENT with emailSentAt, or back to PENDING with one more attempt, FAILED after
// MAX_EMAIL_ATTEMPTS. With MAIL_TRANSPORT=none nothing is claimed.
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import type { Lang } from '../../lib/i18n.ts';
import { translate } from '../../lib/i18n.ts';
import { type MailTransport, mailTransportFromEnv } from './mail-transport.ts';
import type { NotificationKind, NotificationParams } from './notify.ts';
import { renderNotification } from './render-notification.ts';

export const MAX_EMAIL_ATTEMPTS = 5;
const BATCH = 100;

interface OutboxRow {
  id: string;
  kind: NotificationKind;
  params: NotificationParams;
  email: string | null;
  firstName: string | null;
  languageCode: string | null;
}

export async function dispatchOutbox(
  ctx: Pick<AppContext, 'db' | 'now' | 'mail'>,
  opts: { maxBatches?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const mail: MailTransport = ctx.mail ?? mailTransportFromEnv();
  if (mail.name === 'none') return result;
  for (let batch = 0; batch < (opts.maxBatches ?? 1000); batch++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const raw = rawOf(tx);
      const { rows } = await raw(
        // A corporate user (a sign-in notice to a manager or an admin, issue 21 §1) has no language: English.
        `SELECT n.id, n.kind, n.params, coalesce(c.email, u.email) AS email,
           coalesce(c.first_name, u.first_name) AS "firstName", c.language_code AS "languageCode"
         FROM notifications n
           LEFT JOIN customers c ON c.id = n.user_id AND n.user_type = 'TYPE_CUSTOMER'
           LEFT JOIN corporate_users u ON u.id = n.user_id AND n.user_type <> 'TYPE_CUSTOMER'
         WHERE n.email_status = 'PENDING' AND n.email_attempts < $1
         ORDER BY n.created_at, n.id LIMIT $2 FOR UPDATE OF n SKIP LOCKED`,
        [MAX_EMAIL_ATTEMPTS, BATCH],
      );
      const outcomes: { id: string; ok: boolean }[] = [];
      for (const row of rows as unknown as OutboxRow[]) {
        if (!row.email) {
          outcomes.push({ id: row.id, ok: false });
          continue;
        }
        const lang: Lang = row.languageCode === 'fr' ? 'fr' : 'en';
        const { title, body } = renderNotification(row.kind, row.params, lang);
        const text = [
          translate(lang, 'server.notifications.email.greeting', { name: row.firstName ?? '' }),
          '',
          body,
          '',
          translate(lang, 'server.notifications.email.footer'),
        ].join('\n');
        try {
          await mail.send({ to: row.email, subject: title, text, notificationId: row.id });
          outcomes.push({ id: row.id, ok: true });
        } catch {
          outcomes.push({ id: row.id, ok: false });
        }
      }
      if (outcomes.length > 0) {
        const sent = outcomes.filter((o) => o.ok).map((o) => o.id);
        const failed = outcomes.filter((o) => !o.ok).map((o) => o.id);
        const at = ctx.now().toISOString();
        if (sent.length > 0)
          await raw(
            `UPDATE notifications SET email_status = 'SENT', email_sent_at = $2, email_attempts = email_attempts + 1
             WHERE id = ANY($1::text[])`,
            [sent, at],
          );
        if (failed.length > 0)
          await raw(
            `UPDATE notifications SET email_attempts = email_attempts + 1,
               email_status = CASE WHEN email_attempts + 1 >= $2 THEN 'FAILED' ELSE 'PENDING' END
             WHERE id = ANY($1::text[])`,
            [failed, MAX_EMAIL_ATTEMPTS],
          );
      }
      return outcomes;
    });
    for (const o of claimed) {
      if (o.ok) result.sent += 1;
      else result.failed += 1;
    }
    if (claimed.length < BATCH) break;
  }
  return result;
}
