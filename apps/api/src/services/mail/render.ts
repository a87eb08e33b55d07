// Every mail the portal sends, in the recipient's language (issue 25): the templates of the outbox and what each says.
// A notice (template NOTICE) is the notification's own title and body (services/notifications/render-notification.ts)
// with its figures (notice-details.ts) and a link into the portal; the account mails carry a link whose token is the
// outbox row's sealed secret, opened only here.
import { MAIL_TEMPLATES, type MailTemplate } from '@portal/domain/mail-shapes';
import type { Lang } from '../../lib/i18n.ts';
import { translate } from '../../lib/i18n.ts';
import type { NotificationKind, NotificationParams } from '../notifications/notify.ts';
import { renderNotification } from '../notifications/render-notification.ts';
import { layoutMail, type MailContent } from './layout.ts';
import { noticeAction, noticeDetails } from './notice-details.ts';

export { MAIL_TEMPLATES, type MailTemplate };

export type MailParams = Record<string, string | number | boolean | null>;

export interface MailToRender {
  template: MailTemplate;
  params: MailParams;
  lang: Lang;
  /** The portal's address links start with (no trailing slash). */
  origin: string;
  /** The link token (unsealed), for the templates that carry one. */
  token: string | null;
  /** The notice a NOTICE mail carries. */
  notice?: { kind: NotificationKind; params: NotificationParams; id: string } | null;
  firstName?: string | null;
}

const str = (v: unknown) => (v == null ? '' : String(v));

export function renderMail(m: MailToRender): MailContent {
  const { lang, params } = m;
  const t = (key: string, values?: Record<string, unknown>) => translate(lang, `server.mail.${key}`, values);
  const name = str(m.firstName ?? params.firstName) || null;
  const link = (path: string) => `${m.origin}${path}`;
  const needToken = () => {
    if (!m.token) throw new Error(`${m.template} mail without its link`);
    return encodeURIComponent(m.token);
  };
  switch (m.template) {
    case 'NOTICE': {
      if (!m.notice) throw new Error('NOTICE mail without its notification');
      const { title, body } = renderNotification(m.notice.kind, m.notice.params, lang);
      const action = noticeAction(m.notice.kind, m.notice.params);
      return layoutMail(lang, title, {
        name,
        paragraphs: [body],
        details: noticeDetails(m.notice.kind, m.notice.params, lang),
        action: { label: t(action.receipt ? 'NOTICE.openReceipt' : 'NOTICE.open'), url: link(action.path) },
      });
    }
    case 'PASSWORD_RESET':
      return layoutMail(lang, t('PASSWORD_RESET.subject'), {
        name,
        paragraphs: [t('PASSWORD_RESET.intro')],
        action: { label: t('PASSWORD_RESET.action'), url: link(`/reset-password/${needToken()}`) },
        after: [t('PASSWORD_RESET.validity', { minutes: params.minutes }), t('PASSWORD_RESET.ignore')],
      });
    case 'GOOGLE_ACCOUNT':
      return layoutMail(lang, t('GOOGLE_ACCOUNT.subject'), {
        name,
        paragraphs: [t('GOOGLE_ACCOUNT.intro'), t('GOOGLE_ACCOUNT.body')],
        action: { label: t('GOOGLE_ACCOUNT.action'), url: link('/signin') },
      });
    case 'PASSWORD_CHANGED':
      return layoutMail(lang, t('PASSWORD_CHANGED.subject'), {
        name,
        paragraphs: [t('PASSWORD_CHANGED.body'), t('PASSWORD_CHANGED.notYou')],
      });
    case 'EMAIL_VERIFY':
      return layoutMail(lang, t('EMAIL_VERIFY.subject'), {
        name,
        paragraphs: [t(params.change ? 'EMAIL_VERIFY.introChange' : 'EMAIL_VERIFY.introSignUp')],
        action: { label: t('EMAIL_VERIFY.action'), url: link(`/verify-email/${needToken()}`) },
        after: [t('EMAIL_VERIFY.validity', { hours: params.hours }), t('EMAIL_VERIFY.ignore')],
      });
    case 'EMAIL_CHANGED':
      return layoutMail(lang, t('EMAIL_CHANGED.subject'), {
        name,
        paragraphs: [t('EMAIL_CHANGED.body', { newEmail: str(params.newEmail) }), t('EMAIL_CHANGED.notYou')],
      });
    case 'EMAIL_REPLACED':
      return layoutMail(lang, t('EMAIL_REPLACED.subject'), {
        name,
        paragraphs: [t('EMAIL_REPLACED.body', { newEmail: str(params.newEmail) }), t('EMAIL_REPLACED.notYou')],
      });
    case 'LEASE_INVITATION':
      return layoutMail(lang, translate(lang, 'server.leases.inviteMail.subject', params), {
        name,
        paragraphs: [t('LEASE_INVITATION.intro', params)],
        action: { label: t('LEASE_INVITATION.action'), url: link(`/invite/${needToken()}`) },
        after: [t('LEASE_INVITATION.validity', params), t('LEASE_INVITATION.ignore')],
      });
  }
}
