// The online wallet provider's approval page (/sandbox/paypal/approve?token=…&lang=en|fr): "Agree and continue" links
// the account (the portal creates the TYPE_PAY_PAL method) and "Cancel" gives up; either is posted to the portal
// window (assets/paypal.js).
import type { AgreementClaims } from '../online-wallet/online-wallet.ts';
import { dataAttributes, escapeHtml, renderPage, SANDBOX_ASSETS } from './render.ts';
import { fill, type PageLang, pageTexts } from './texts.ts';

export function renderPayPalPage(opts: {
  lang: PageLang;
  token: string;
  claims: AgreementClaims | null;
  merchantId: string;
  merchantName: string;
}): string {
  const t = pageTexts(opts.lang);
  const messages = {
    lang: opts.lang,
    msgApproving: t.approving,
    msgApproved: t.approved,
    msgCancelled: t.cancelled,
    msgFailed: t.approveFailed,
  };
  const badge = `<p class="badge">${escapeHtml(t.sandbox)}</p>`;
  if (!opts.claims) {
    return renderPage({
      lang: opts.lang,
      title: t.agreementExpiredTitle,
      script: SANDBOX_ASSETS.payPalJs,
      body: `<main id="paypal-approve" class="sandbox paypal"${dataAttributes(messages)}>
<header>${badge}<h1 id="title" tabindex="-1">${escapeHtml(t.agreementExpiredTitle)}</h1>
<p class="intro">${escapeHtml(t.agreementExpired)}</p></header>
<div class="actions"><button type="button" id="cancel">${escapeHtml(t.close)}</button></div>
</main>`,
    });
  }
  return renderPage({
    lang: opts.lang,
    title: t.payPalTitle,
    script: SANDBOX_ASSETS.payPalJs,
    body: `<main id="paypal-approve" class="sandbox paypal"${dataAttributes({ ...messages, token: opts.token })}>
<header>${badge}<p class="brand" aria-hidden="true">PayPal</p>
<h1 id="title" tabindex="-1">${escapeHtml(t.payPalTitle)}</h1></header>
<p class="intro">${escapeHtml(fill(t.payPalIntro, { merchant: opts.merchantName }))}</p>
<dl class="details">
<dt>${escapeHtml(t.payPalAccount)}</dt><dd>${escapeHtml(opts.claims.email)}</dd>
<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(`${opts.merchantName} (${opts.merchantId})`)}</dd>
<dt>${escapeHtml(t.currency)}</dt><dd>${escapeHtml(opts.claims.currency)}</dd>
</dl>
<p id="status" class="status" role="status" aria-live="polite"></p>
<div class="actions">
<button type="button" id="agree" class="primary">${escapeHtml(t.agree)}</button>
<button type="button" id="cancel">${escapeHtml(t.cancel)}</button>
</div>
</main>`,
  });
}
