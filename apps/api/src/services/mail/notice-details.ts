// A notice's figures and link in its e-mail (issue 25 "Receipts by e-mail": confirmation id, amount, fee, total, method,
// charges, and a link to the receipt in the portal). The figures are the notice's own params (raw cents and codes, see
// notifications/receipt-params.ts), formatted here in the mail's language as the portal shows them: money with the
// domain's formatMoney ("1 925,50 $"), dates DD-MMM-YYYY (spec 2 §4), the receipt's fee rule (spec 1 §9).
import { chargeNameDisplay } from '@portal/domain/charge-names';
import { type Currency, formatMoney } from '@portal/domain/money';
import { getReceiptAmounts } from '@portal/domain/receipt';
import { type Lang, translate } from '../../lib/i18n.ts';
import type { NotificationKind, NotificationParams } from '../notifications/notify.ts';
import { formatNoticeDate, methodLabel } from '../notifications/render-notification.ts';

const str = (v: unknown) => (v == null ? '' : String(v));
const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** Label/value rows of a notice's mail (none for a notice without figures). */
/** A charge as the portal's receipt names it: the standard codes translated, a manager's own text as written. */
function chargeName(line: { code?: string | null; name?: string | null }, lang: Lang): string {
  const shown = chargeNameDisplay(line);
  return 'key' in shown ? translate(lang, shown.key) : shown.text;
}

export function noticeDetails(_kind: NotificationKind, params: NotificationParams, lang: Lang): [string, string][] {
  const label = (key: string, values?: Record<string, unknown>) => translate(lang, `server.mail.details.${key}`, values);
  const currency = (str(params.currency) || 'CAD') as Currency;
  const money = (cents: number) => formatMoney(cents, currency, lang);
  const rows: [string, string][] = [];
  if (str(params.confirmationId)) rows.push([label('confirmationId'), str(params.confirmationId)]);
  if (str(params.date)) rows.push([label('date'), formatNoticeDate(str(params.date), lang)]);
  if (str(params.propertyName)) rows.push([label('property'), str(params.propertyName)]);
  if (str(params.methodType) || str(params.last4)) rows.push([label('method'), capitalized(methodLabel(params, lang))]);
  if (Array.isArray(params.charges)) {
    for (const line of params.charges) {
      if (typeof line.amount === 'number' && line.amount > 0)
        rows.push([label('charge', { name: chargeName(line, lang) }), money(line.amount)]);
    }
  }
  // A reminder of "the balance then due" has no amount yet (amountCents 0): no row.
  if (typeof params.amountCents === 'number' && params.amountCents > 0) rows.push([label('amount'), money(params.amountCents)]);
  if (typeof params.feeCents === 'number') {
    const { showFeeRow } = getReceiptAmounts({
      feeCents: params.feeCents,
      feeType: str(params.feeType) || null,
      feePaidByCompany: params.feePaidByCompany === true,
    });
    // spec 1 §9: no fee row when the company pays it or it was taken out of the amount (SUBTRACT)
    if (showFeeRow) rows.push([label('fee'), money(params.feeCents)]);
  }
  if (typeof params.totalCents === 'number') rows.push([label('total'), money(params.totalCents)]);
  return rows;
}

/**
 * Where the mail's button leads: the receipt of the notice's transaction (the dashboard opens it from ?receipt=, see
 * apps/web/src/features/dashboard/components/past-payments.tsx) when it has one, else the dashboard.
 */
export function noticeAction(_kind: NotificationKind, params: NotificationParams): { path: string; receipt: boolean } {
  const id = str(params.transactionId);
  if (id) return { path: `/customer/dashboard?receipt=${encodeURIComponent(id)}`, receipt: true };
  return { path: '/customer/dashboard', receipt: false };
}
