// The payment-mode sandbox pages (issue 8), server-rendered under the sandbox pages' strict content security policy
// (external script and style only): the paysafe cash barcode page with its "Pay at store" button, the geoswift union pay
// page with Pay and Cancel, and the split-pay partner's terms. Their buttons post to the sandbox endpoints
// (assets/payment-modes.js) and tell the portal window (postMessage, same origin only).
import { checkPaysafeCashAmount } from '@portal/domain/limits';
import { MSG } from '@portal/domain/message-keys';
import { type Currency, formatMoney } from '@portal/domain/money';
import { renderItfBarcode } from './barcode.ts';
import { type ModePageTexts, modePageTexts } from './payment-mode-texts.ts';
import { dataAttributes, escapeHtml, renderPage } from './render.ts';
import { fill, type PageLang } from './texts.ts';

export const PAYMENT_MODES_JS = '/api/sandbox/assets/payment-modes.js';

/** What a redirect payment's page shows. */
export interface RedirectPageView {
  pageId: string;
  status: string;
  totalCents: number;
  currency: Currency;
  /** The barcode number or the provider's order id. */
  reference: string;
  expiresAt: Date;
  expired: boolean;
}

const badge = (t: ModePageTexts) => `<p class="badge">${escapeHtml(t.sandbox)}</p>`;

function notFoundPage(lang: PageLang, id: string, title: string, text: string): string {
  const t = modePageTexts(lang);
  return renderPage({
    lang,
    title,
    script: PAYMENT_MODES_JS,
    body: `<main id="${id}" class="sandbox">
<header>${badge(t)}<h1 id="title" tabindex="-1">${escapeHtml(title)}</h1>
<p class="intro">${escapeHtml(text)}</p></header>
</main>`,
  });
}

const dateOf = (d: Date, lang: PageLang) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeStyle: 'short' }).format(d);

/** The status as shown: a PENDING one past its time reads as expired. */
const shownStatus = (view: RedirectPageView) => (view.status === 'PENDING' && view.expired ? 'TIMEDOUT' : view.status);

function statusText(t: ModePageTexts, view: RedirectPageView): string {
  const status = shownStatus(view);
  return t.statuses[status] ?? status;
}

/** spec 1 §4 / §5: the paysafe cash barcode: total to pay at the store, the number, the store notes, the expiry. */
export function renderPaysafeCashPage(opts: { lang: PageLang; view: RedirectPageView | null }): string {
  const { lang, view } = opts;
  const t = modePageTexts(lang);
  if (!view) return notFoundPage(lang, 'paysafecash', t.cashNotFoundTitle, t.cashNotFound);
  const status = shownStatus(view);
  const grouped = view.reference.replace(/(\d{4})(?=\d)/g, '$1 ');
  const note = checkPaysafeCashAmount(view.totalCents).note?.key;
  const noteText = note === MSG.paymentCashNoteOver995 ? t.noteOver995 : note === MSG.paymentCashNoteOver500 ? t.noteOver500 : '';
  const closing =
    status === 'COMPLETE' ? t.cashDone : status === 'TIMEDOUT' ? t.cashExpired : status === 'FAILED' ? t.cashExpired : '';
  const messages = {
    lang,
    payUrl: `/api/sandbox/paysafecash/${view.pageId}/pay`,
    msgPaying: t.cashPaying,
    msgPaid: t.cashPaid,
    msgFailed: t.cashFailed,
    msgStatusPaid: t.statuses.COMPLETE,
  };
  return renderPage({
    lang,
    title: t.cashTitle,
    script: PAYMENT_MODES_JS,
    body: `<main id="paysafecash" class="sandbox"${dataAttributes(messages)}>
<header>${badge(t)}<p class="brand" aria-hidden="true">paysafecash</p>
<h1 id="title" tabindex="-1">${escapeHtml(t.cashTitle)}</h1>
<p class="intro">${escapeHtml(t.cashIntro)}</p></header>
${renderItfBarcode(view.reference, fill(t.barcodeLabel, { number: grouped }))}
<dl class="details">
<dt>${escapeHtml(t.amountToPay)}</dt><dd><strong>${escapeHtml(formatMoney(view.totalCents, view.currency, lang))}</strong></dd>
<dt>${escapeHtml(t.barcodeNumber)}</dt><dd>${escapeHtml(grouped)}</dd>
<dt>${escapeHtml(t.payBefore)}</dt><dd>${escapeHtml(dateOf(view.expiresAt, lang))}</dd>
<dt>${escapeHtml(t.status)}</dt><dd id="payment-status">${escapeHtml(statusText(t, view))}</dd>
</dl>
${noteText ? `<p class="intro">${escapeHtml(noteText)}</p>` : ''}
<p id="status" class="status" role="status" aria-live="polite">${escapeHtml(closing)}</p>
<div class="actions">
${status === 'PENDING' ? `<button type="button" id="pay-at-store" class="primary">${escapeHtml(t.payAtStore)}</button>` : ''}
<button type="button" id="print">${escapeHtml(t.print)}</button>
</div>
</main>`,
  });
}

/** The geo provider's union pay page: the order, Pay and Cancel. */
export function renderGeoswiftPage(opts: { lang: PageLang; view: RedirectPageView | null; merchantName: string }): string {
  const { lang, view } = opts;
  const t = modePageTexts(lang);
  if (!view) return notFoundPage(lang, 'geoswift', t.unionNotFoundTitle, t.unionNotFound);
  const status = shownStatus(view);
  const closing =
    status === 'COMPLETE'
      ? t.unionPaid
      : status === 'TIMEDOUT'
        ? t.unionExpired
        : status === 'FAILED' || status === 'CANCELLED'
          ? t.unionFailedClosed
          : '';
  const messages = {
    lang,
    payUrl: `/api/sandbox/geoswift/${view.pageId}/pay`,
    cancelUrl: `/api/sandbox/geoswift/${view.pageId}/cancel`,
    msgPaying: t.unionPaying,
    msgPaid: t.unionPaid,
    msgCancelled: t.unionCancelled,
    msgFailed: t.unionFailed,
    msgStatusPaid: t.statuses.COMPLETE,
    msgStatusCancelled: t.cancelledStatus,
  };
  const buttons =
    status === 'PENDING'
      ? `<div class="actions">
<button type="button" id="pay" class="primary">${escapeHtml(t.pay)}</button>
<button type="button" id="cancel">${escapeHtml(t.cancel)}</button>
</div>`
      : '';
  return renderPage({
    lang,
    title: t.unionTitle,
    script: PAYMENT_MODES_JS,
    body: `<main id="geoswift" class="sandbox"${dataAttributes(messages)}>
<header>${badge(t)}<p class="brand" aria-hidden="true">UnionPay · Geoswift</p>
<h1 id="title" tabindex="-1">${escapeHtml(t.unionTitle)}</h1>
<p class="intro">${escapeHtml(fill(t.unionIntro, { merchant: opts.merchantName }))}</p></header>
<dl class="details">
<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(opts.merchantName)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd><strong>${escapeHtml(formatMoney(view.totalCents, view.currency, lang))}</strong></dd>
<dt>${escapeHtml(t.orderReference)}</dt><dd>${escapeHtml(view.reference)}</dd>
<dt>${escapeHtml(t.status)}</dt><dd id="payment-status">${escapeHtml(statusText(t, view))}</dd>
</dl>
<p id="status" class="status" role="status" aria-live="polite">${escapeHtml(closing)}</p>
${buttons}
</main>`,
  });
}

/** The split-pay partner's terms and conditions (the plan's termsAndConditionsUrl). */
export function renderInstalmentTermsPage(opts: { lang: PageLang }): string {
  const t = modePageTexts(opts.lang);
  const sections = t.terms.map(([title, text]) => `<h2>${escapeHtml(title)}</h2>\n<p>${escapeHtml(text)}</p>`).join('\n');
  return renderPage({
    lang: opts.lang,
    title: t.termsTitle,
    script: PAYMENT_MODES_JS,
    body: `<main id="instalment-terms" class="sandbox">
<header>${badge(t)}<h1 id="title" tabindex="-1">${escapeHtml(t.termsTitle)}</h1></header>
${sections}
<p class="intro">${escapeHtml(t.termsClose)}</p>
</main>`,
  });
}
