// A notice's title and body in a language (issue 10): the texts are the server.notifications.* entries of the locale
// catalogue; amounts are formatted with the currency in that language (Intl.NumberFormat, packages/domain money) and
// dates as the portal shows them (DD-MMM-YYYY, spec 2 §4, packages/domain dates.ts), in that language.
import { formatDisplayDate } from '@portal/domain/dates';
import { type Currency, formatMoney } from '@portal/domain/money';
import { MIN_PAYMENT_CENTS } from '@portal/domain/payment-amounts';
import { type Lang, translate } from '../../lib/i18n.ts';
import type { NotificationKind, NotificationParams } from './notify.ts';

/** spec 2 §4: DD-MMM-YYYY (01-Jun-2025; 01-juin-2025 in French), as the portal shows dates. */
export function formatNoticeDate(date: string, lang: Lang): string {
  return formatDisplayDate(date, lang, 'UTC');
}

const str = (v: unknown) => (v == null ? '' : String(v));

function money(params: NotificationParams, key: string, lang: Lang): string {
  const cents = params[key];
  if (typeof cents !== 'number') return '';
  return formatMoney(cents, (params.currency as Currency | undefined) ?? 'CAD', lang);
}

/** Method types named as such when the payment has no card or account number (issue 25: PayPal, a cash barcode…). */
const NAMED_METHODS = new Set(['TYPE_PAY_PAL', 'TYPE_PAYSAFE_CASH', 'TYPE_UNION_PAY']);

/** "VISA card ending in 4242" / "bank account ending in 6789" / "PayPal". */
export function methodLabel(params: NotificationParams, lang: Lang): string {
  const last4 = str(params.last4);
  const type = str(params.methodType);
  if (!last4 && NAMED_METHODS.has(type)) return translate(lang, `server.notifications.method.${type}`);
  if (!last4) return translate(lang, 'server.notifications.method.other');
  // issue 25: a split-pay plan's payment names its plan, not only the card of its instalments
  if (type === 'TYPE_INSTALLMENT_PAY')
    return translate(lang, 'server.notifications.method.TYPE_INSTALLMENT_PAY', { brand: str(params.brand) || 'card', last4 });
  if (params.methodType === 'TYPE_BANK_ACCOUNT') return translate(lang, 'server.notifications.method.bank', { last4 });
  return translate(lang, 'server.notifications.method.card', { brand: str(params.brand) || 'card', last4 });
}

export interface RenderedNotification {
  title: string;
  body: string;
}

export function renderNotification(kind: NotificationKind, params: NotificationParams, lang: Lang): RenderedNotification {
  const amount =
    typeof params.amountCents === 'number' && params.amountCents > 0
      ? money(params, 'amountCents', lang)
      : translate(lang, 'server.notifications.balanceDue');
  const values: Record<string, string> = {
    amount,
    total: typeof params.totalCents === 'number' ? money(params, 'totalCents', lang) : amount,
    date: params.date ? formatNoticeDate(str(params.date), lang) : '',
    property: str(params.propertyName) || translate(lang, 'server.notifications.yourProperty'),
    method: methodLabel(params, lang),
    confirmationId: str(params.confirmationId),
    number: str(params.number),
    count: str(params.count),
    // issue 11: the unit of a lease (", unit 804", or nothing) and the manager's note (" Note from your property manager: …", or nothing)
    unit: params.unit ? translate(lang, 'server.notifications.unit', { unit: str(params.unit) }) : '',
    comment: params.comment ? translate(lang, 'server.notifications.comment', { comment: str(params.comment) }) : '',
  };
  const reason = str(params.reason);
  values.reason = reason
    ? translate(lang, `server.notifications.reason.${reason}`, {
        amount,
        minimum: formatMoney(MIN_PAYMENT_CENTS, (params.currency as Currency | undefined) ?? 'CAD', lang),
      })
    : '';
  // issue 21 §1: a lease the tenant cannot pay in the portal (leasePayability) says whom to pay instead
  // issue 25: a bank debit accepted (PENDING) is told as submitted, not yet cleared
  const body =
    kind === 'LEASE_APPROVED' && params.payable === false
      ? 'bodyManagerPays'
      : kind === 'PAYMENT_COMPLETED' && params.status === 'PENDING'
        ? 'bodyPending'
        : 'body';
  return {
    title: translate(lang, `server.notifications.${kind}.title`, values),
    body: translate(lang, `server.notifications.${kind}.${body}`, values),
  };
}
