// The sandbox partners' pages (spec 2 §7 "Quote partners"): the quote a link opens, with Buy and Cancel, and the
// policy page the tenant's policy links to ("the provider's site"). Each in its partner's colours, marked SANDBOX,
// English or French, server-rendered with an external script and stylesheets (the sandbox pages' strict CSP).
import { formatDdMmmYyyy } from '@portal/domain/dates';
import type { InsurancePartner } from '@portal/domain/entities';
import { INSURANCE_QUOTE_PARAMETERS } from '@portal/domain/insurance';
import { dataAttributes, escapeHtml, SANDBOX_ASSETS } from '../sandbox-pages/render.ts';
import { fill, type PageLang } from '../sandbox-pages/texts.ts';
import type { ApolloPurchaseRequest, NewTenantExternalQuoteRequest } from './insurance-partners.ts';
import { partnerPageTexts } from './page-texts.ts';
import type { SandboxPartnerQuote } from './sandbox-site.ts';

export const PARTNER_PAGE_ASSETS = {
  css: '/sandbox/assets/insurance-partners.css',
  js: '/sandbox/assets/insurance-partners.js',
} as const;

export const PARTNER_BRANDS: Record<InsurancePartner, string> = { NUERA: 'Nuera', MELLO: 'Mello', APOLLO: 'Apollo' };
/** Where the tenant goes back to (spec 2 §7: the purchase returns to the dashboard). */
export const PORTAL_RETURN_URL = '/customer/dashboard';

const money = (cents: number, currency: string, lang: PageLang) =>
  new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency }).format(cents / 100);

interface QuoteView {
  name: string;
  address: string;
  startDate: string | null;
}

/** The quote as the partner recorded it (the two request shapes of spec 2 §7). */
function quoteView(row: SandboxPartnerQuote): QuoteView {
  if (row.partner === 'APOLLO') {
    const r = row.request as ApolloPurchaseRequest;
    const p = r.property;
    return {
      name: `${r.tenant.firstName} ${r.tenant.lastName}`,
      address: [p.unit ? `${p.unit} - ${p.street1}` : p.street1, p.street2, `${p.city} ${p.province} ${p.postalCode}`]
        .filter(Boolean)
        .join(', '),
      startDate: r.startDate,
    };
  }
  const r = row.request as NewTenantExternalQuoteRequest;
  const a = r.Address;
  return {
    name: `${r.FirstName} ${r.LastName}`,
    address: [
      a.Unit ? `${a.Unit} - ${a.Street}` : a.Street,
      `${a.City} ${a.Province} ${a.PostalCodeFirst} ${a.PostalCodeLast}`,
    ].join(', '),
    startDate: r.EffectiveDate,
  };
}

function shell(opts: { lang: PageLang; partner: InsurancePartner | null; title: string; body: string }): string {
  const t = partnerPageTexts(opts.lang);
  const brand = opts.partner
    ? `<p class="partner-brand" aria-hidden="true">${escapeHtml(PARTNER_BRANDS[opts.partner])}</p>
<p class="partner-tagline">${escapeHtml(t.taglines[opts.partner])}</p>`
    : '';
  const theme = opts.partner ? ` partner-${opts.partner.toLowerCase()}` : '';
  return `<!doctype html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(opts.partner ? `${opts.title} - ${PARTNER_BRANDS[opts.partner]}` : opts.title)}</title>
<link rel="stylesheet" href="${SANDBOX_ASSETS.css}">
<link rel="stylesheet" href="${PARTNER_PAGE_ASSETS.css}">
<script src="${PARTNER_PAGE_ASSETS.js}" defer></script>
</head>
<body class="insurance-partner${theme}">
<header class="partner-header">${brand}<p class="badge sandbox-badge">${escapeHtml(t.sandbox)}</p></header>
${opts.body}
</body>
</html>
`;
}

function notFoundPage(lang: PageLang, partner: InsurancePartner | null, title: string, text: string): string {
  const t = partnerPageTexts(lang);
  return shell({
    lang,
    partner,
    title,
    body: `<main class="sandbox partner-page">
<h1 id="title" tabindex="-1">${escapeHtml(title)}</h1>
<p class="intro">${escapeHtml(text)}</p>
<p><a class="button-link" href="${PORTAL_RETURN_URL}">${escapeHtml(t.backToPortal)}</a></p>
</main>`,
  });
}

export function renderPartnerQuotePage(opts: {
  lang: PageLang;
  /** Null: an address of no partner (the not-found page, unbranded). */
  partner: InsurancePartner | null;
  quote: SandboxPartnerQuote | null;
  policyUrl: string | null;
}): string {
  const t = partnerPageTexts(opts.lang);
  const { lang, partner, quote } = opts;
  if (!quote || !partner) return notFoundPage(lang, partner, t.notFoundTitle, t.notFound);
  const view = quoteView(quote);
  const P = INSURANCE_QUOTE_PARAMETERS;
  const cad = (dollars: number) => money(Math.round(dollars * 100), quote.currency, lang); // whole cents
  const rows: [string, string][] = [
    [t.insured, view.name],
    [t.address, view.address],
    ...(view.startDate ? ([[t.startDate, formatDdMmmYyyy(view.startDate, lang)]] as [string, string][]) : []),
    ...(partner === 'APOLLO'
      ? []
      : ([
          [t.contents, cad(P.contentsLimit)],
          [t.liability, cad(P.liability)],
          [t.deductible, cad(P.deductible)],
        ] as [string, string][])),
    [t.monthly, money(quote.monthlyCents, quote.currency, lang)],
    ...(partner === 'APOLLO' ? [] : ([[t.yearly, money(quote.yearlyCents, quote.currency, lang)]] as [string, string][])),
  ];
  const bought = quote.policyNumber;
  const data = dataAttributes({
    lang,
    buyUrl: `/sandbox/insurance/${partner.toLowerCase()}/quote/${quote.id}/buy`,
    msgBuying: t.buying,
    msgBought: t.bought,
    msgCancelled: t.cancelled,
    msgFailed: t.buyFailed,
  });
  const done = bought
    ? `<p class="status" role="status">${escapeHtml(fill(t.alreadyBought, { number: bought }))}</p>
<div class="actions">${opts.policyUrl ? `<a class="button-link primary" href="${escapeHtml(opts.policyUrl)}">${escapeHtml(t.viewPolicy)}</a>` : ''}
<a class="button-link" href="${PORTAL_RETURN_URL}">${escapeHtml(t.backToPortal)}</a></div>`
    : `<p id="status" class="status" role="status" aria-live="polite"></p>
<div class="actions" id="quote-actions">
<button type="button" id="buy" class="primary">${escapeHtml(t.buy)}</button>
<button type="button" id="cancel">${escapeHtml(t.cancel)}</button>
</div>
<p id="after" class="actions" hidden>
<a id="view-policy" class="button-link primary" href="#" hidden>${escapeHtml(t.viewPolicy)}</a>
<a id="back" class="button-link" href="${PORTAL_RETURN_URL}">${escapeHtml(t.backToPortal)}</a>
</p>`;
  return shell({
    lang,
    partner,
    title: t.quoteTitle,
    body: `<main id="partner-quote" class="sandbox partner-page"${data}>
<h1 id="title" tabindex="-1">${escapeHtml(t.quoteTitle)}</h1>
<p class="intro">${escapeHtml(t.sandboxNote)}</p>
<dl class="details">
${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}
</dl>
${done}
</main>`,
  });
}

export function renderPartnerPolicyPage(opts: {
  lang: PageLang;
  partner: InsurancePartner | null;
  quote: SandboxPartnerQuote | null;
}): string {
  const t = partnerPageTexts(opts.lang);
  const { lang, partner, quote } = opts;
  if (!quote?.policyNumber || !partner) return notFoundPage(lang, partner, t.policyNotFoundTitle, t.policyNotFound);
  const view = quoteView(quote);
  const rows: [string, string][] = [
    [t.policyNumber, quote.policyNumber],
    [t.status, t.active],
    [t.insured, view.name],
    [t.address, view.address],
    ...(quote.purchasedAt ? ([[t.boughtOn, formatDdMmmYyyy(quote.purchasedAt.slice(0, 10), lang)]] as [string, string][]) : []),
    [t.monthly, money(quote.monthlyCents, quote.currency, lang)],
  ];
  return shell({
    lang,
    partner,
    title: t.policyTitle,
    body: `<main class="sandbox partner-page">
<h1 id="title" tabindex="-1">${escapeHtml(t.policyTitle)}</h1>
<p class="intro">${escapeHtml(t.sandboxNote)}</p>
<dl class="details">
${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}
</dl>
<p><a class="button-link" href="${PORTAL_RETURN_URL}">${escapeHtml(t.backToPortal)}</a></p>
</main>`,
  });
}
