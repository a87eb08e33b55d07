// A notice's figures and link in its e-mail (issue 25 "Receipts by e-mail": confirmation id, amount, fee, total, method,
// charges, and a link to the receipt in the portal).
import type { Lang } from '../../lib/i18n.ts';
import type { NotificationKind, NotificationParams } from '../notifications/notify.ts';

/** Label/value rows of a notice's mail (none for a notice without figures). */
export function noticeDetails(_kind: NotificationKind, _params: NotificationParams, _lang: Lang): [string, string][] {
  return [];
}

/** Where the mail's button leads: the receipt of the notice's payment when it has one, else the notifications. */
export function noticeAction(_kind: NotificationKind, _params: NotificationParams): { path: string; receipt: boolean } {
  return { path: '/customer/dashboard', receipt: false };
}
