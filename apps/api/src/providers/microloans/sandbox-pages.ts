// The microloan partners' sandbox pages (spec 2 §2 "Add-service modal" microlending, §9 microloan partners): the
// tenant follows a link out of the portal to the partner; offline, these pages stand for the partners' sites. They
// are plain server-rendered HTML (no script), marked SANDBOX, in English or French. The loan partner's page has a
// small loan application answered by a sandbox decision with documented test inputs.

import { formatMoney } from '@portal/domain/money';
import { amountInputCents } from '@portal/domain/money-input';
import type { MicroloanPartner } from '@portal/domain/service-availability';
import { escapeHtml, SANDBOX_ASSETS } from '../sandbox-pages/render.ts';
import { fill, type PageLang } from '../sandbox-pages/texts.ts';

export const MICROLOANS_CSS = '/api/sandbox/assets/microloans.css';
export const microloanPagePath = (partner: MicroloanPartner) => `/api/sandbox/microloans/${partner}`;

/** spec 2 §9: a loan of LOAN_MIN..LOAN_MAX dollars; the sandbox approves up to APPROVE_UP_TO, declines above. */
export const LOAN_MIN_CENTS = 500_00;
export const LOAN_MAX_CENTS = 35_000_00;
export const APPROVE_UP_TO_CENTS = 10_000_00;
export const LOAN_TERMS = [12, 24, 36, 48, 60] as const;
const SANDBOX_APR = { en: '12.9%', fr: '12,9 %' } as const;

const TEXTS = {
  en: {
    sandbox: 'SANDBOX — test partner page, no real loan or credit',
    back: 'Return to the tenant portal',
    MONEVO: {
      title: 'Personal loan (sandbox loan partner)',
      intro:
        'Compare personal loan offers from lenders in one application. Checking your rate does not affect your credit score.',
      amount: 'Loan amount (dollars, {min} to {max})',
      term: 'Term',
      months: '{n} months',
      purpose: 'Purpose',
      purposes: { moving: 'Moving costs', deposit: 'Security deposit', furniture: 'Furniture', other: 'Other' },
      submit: 'See my decision',
      testInputs: 'Sandbox test inputs: an amount up to {limit} is approved; a larger amount is declined.',
      approvedTitle: 'Approved (sandbox)',
      approved: 'A lender offers {amount} over {term} months at {apr} APR. No money is lent in the sandbox.',
      declinedTitle: 'Declined (sandbox)',
      declined: 'No lender can offer {amount} today. Try a smaller amount.',
      invalid: 'Enter an amount from {min} to {max} and choose a term.',
      tryAgain: 'Start again',
    },
    NEOBANK: {
      title: 'No-fee card sign-up (sandbox banking partner)',
      intro: 'Open a no-fee card with a Canadian banking partner and get {amount} off your first purchases.',
      points: ['No monthly fee', 'Cash back on everyday purchases', 'For residents of Canada, subject to approval'],
    },
    PAYPAL_CREDIT: {
      title: 'Pay over time with a credit line (sandbox card-credit partner)',
      intro:
        'A reusable credit line for online purchases, with promotional financing on larger purchases. Applying happens on the partner’s site.',
      points: ['No annual fee', 'Pay in full or over time', 'Subject to credit approval'],
    },
  },
  fr: {
    sandbox: 'ENVIRONNEMENT DE TEST — page de partenaire fictive, aucun vrai prêt ni crédit',
    back: 'Revenir au portail des locataires',
    MONEVO: {
      title: 'Prêt personnel (partenaire de prêt de test)',
      intro:
        'Comparez les offres de prêt personnel de plusieurs prêteurs en une seule demande. Vérifier votre taux n’a aucune incidence sur votre cote de crédit.',
      amount: 'Montant du prêt (en dollars, de {min} à {max})',
      term: 'Durée',
      months: '{n} mois',
      purpose: 'Objet',
      purposes: { moving: 'Frais de déménagement', deposit: 'Dépôt de garantie', furniture: 'Mobilier', other: 'Autre' },
      submit: 'Voir ma décision',
      testInputs: 'Données de test : un montant jusqu’à {limit} est approuvé; un montant supérieur est refusé.',
      approvedTitle: 'Approuvé (test)',
      approved:
        'Un prêteur offre {amount} sur {term} mois au taux annuel de {apr}. Aucun argent n’est prêté dans l’environnement de test.',
      declinedTitle: 'Refusé (test)',
      declined: 'Aucun prêteur ne peut offrir {amount} aujourd’hui. Essayez un montant plus petit.',
      invalid: 'Entrez un montant de {min} à {max} et choisissez une durée.',
      tryAgain: 'Recommencer',
    },
    NEOBANK: {
      title: 'Inscription à une carte sans frais (partenaire bancaire de test)',
      intro:
        'Ouvrez une carte sans frais auprès d’un partenaire bancaire canadien et obtenez {amount} de rabais sur vos premiers achats.',
      points: [
        'Aucuns frais mensuels',
        'Remises en argent sur les achats courants',
        'Pour les résidents du Canada, sous réserve d’approbation',
      ],
    },
    PAYPAL_CREDIT: {
      title: 'Payer au fil du temps avec une marge de crédit (partenaire de crédit de test)',
      intro:
        'Une marge de crédit réutilisable pour les achats en ligne, avec un financement promotionnel sur les achats plus importants. La demande se fait sur le site du partenaire.',
      points: ['Aucuns frais annuels', 'Payez en entier ou au fil du temps', 'Sous réserve de l’approbation du crédit'],
    },
  },
} as const;

const dollars = (cents: number, lang: PageLang) => formatMoney(cents, 'CAD', lang === 'fr' ? 'fr' : 'en');

function page(lang: PageLang, title: string, main: string): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_ASSETS.css}">
<link rel="stylesheet" href="${MICROLOANS_CSS}">
</head>
<body>
<main class="sandbox microloans">
<p class="badge">${escapeHtml(t.sandbox)}</p>
${main}
<p class="back"><a href="/customer/dashboard">${escapeHtml(t.back)}</a></p>
</main>
</body>
</html>
`;
}

export type LoanDecision = { outcome: 'APPROVED' | 'DECLINED'; amountCents: number; termMonths: number } | { outcome: 'INVALID' };

/** The sandbox lender's answer: within bounds, approved up to APPROVE_UP_TO_CENTS, declined above. */
export function decideLoan(input: { amount?: string; term?: string }, lang: PageLang): LoanDecision {
  // The amount as the page's language writes it ("5 000" or "2 500,50" in French): the portal's one amount parser.
  const amount = amountInputCents(input.amount ?? '', lang) ?? Number.NaN;
  const term = Number(input.term);
  if (!(amount >= LOAN_MIN_CENTS && amount <= LOAN_MAX_CENTS) || !LOAN_TERMS.includes(term as 12)) return { outcome: 'INVALID' };
  return { outcome: amount <= APPROVE_UP_TO_CENTS ? 'APPROVED' : 'DECLINED', amountCents: amount, termMonths: term };
}

function loanForm(lang: PageLang, error: string | null): string {
  const t = TEXTS[lang].MONEVO;
  const range = { min: dollars(LOAN_MIN_CENTS, lang), max: dollars(LOAN_MAX_CENTS, lang) };
  const purposes = Object.entries(t.purposes)
    .map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`)
    .join('');
  const terms = LOAN_TERMS.map(
    (n) => `<option value="${n}"${n === 36 ? ' selected' : ''}>${escapeHtml(fill(t.months, { n: String(n) }))}</option>`,
  ).join('');
  // A GET form: the sandbox decision keeps nothing, and the query needs no body parser.
  return `<form method="get" action="${microloanPagePath('MONEVO')}/decision" novalidate>
<input type="hidden" name="lang" value="${lang}">
${error ? `<p class="error" role="alert" id="loan-error">${escapeHtml(error)}</p>` : ''}
<p class="field"><label for="amount">${escapeHtml(fill(t.amount, range))}</label>
<input id="amount" name="amount" inputmode="numeric" autocomplete="off" required${error ? ' aria-invalid="true" aria-describedby="loan-error"' : ''}></p>
<p class="field"><label for="term">${escapeHtml(t.term)}</label>
<select id="term" name="term">${terms}</select></p>
<p class="field"><label for="purpose">${escapeHtml(t.purpose)}</label>
<select id="purpose" name="purpose">${purposes}</select></p>
<p class="note">${escapeHtml(fill(t.testInputs, { limit: dollars(APPROVE_UP_TO_CENTS, lang) }))}</p>
<div class="actions"><button type="submit" class="primary">${escapeHtml(t.submit)}</button></div>
</form>`;
}

export function renderMicroloanPage(opts: { lang: PageLang; partner: MicroloanPartner }): string {
  const { lang, partner } = opts;
  if (partner === 'PAYPAL_CREDIT') {
    const t = TEXTS[lang].PAYPAL_CREDIT;
    return page(
      lang,
      t.title,
      `<h1>${escapeHtml(t.title)}</h1>
<p class="intro">${escapeHtml(t.intro)}</p>
<ul>${t.points.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`,
    );
  }
  const t = TEXTS[lang].MONEVO;
  return page(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>\n<p class="intro">${escapeHtml(t.intro)}</p>\n${loanForm(lang, null)}`,
  );
}

export function renderLoanDecisionPage(opts: { lang: PageLang; decision: LoanDecision }): string {
  const { lang, decision } = opts;
  const t = TEXTS[lang].MONEVO;
  if (decision.outcome === 'INVALID') {
    const range = { min: dollars(LOAN_MIN_CENTS, lang), max: dollars(LOAN_MAX_CENTS, lang) };
    return page(lang, t.title, `<h1>${escapeHtml(t.title)}</h1>\n${loanForm(lang, fill(t.invalid, range))}`);
  }
  const amount = dollars(decision.amountCents, lang);
  const approved = decision.outcome === 'APPROVED';
  const title = approved ? t.approvedTitle : t.declinedTitle;
  const text = approved
    ? fill(t.approved, { amount, term: String(decision.termMonths), apr: SANDBOX_APR[lang] })
    : fill(t.declined, { amount });
  return page(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="status" role="status" data-outcome="${decision.outcome}">${escapeHtml(text)}</p>
<p><a href="${microloanPagePath('MONEVO')}?lang=${lang}">${escapeHtml(t.tryAgain)}</a></p>`,
  );
}

/** spec 2 §2 / §9: the card sign-up page the neobank promotion banner links out to (its 40-dollar offer). */
export function renderNeobankPage(opts: { lang: PageLang; offerCents: number }): string {
  const t = TEXTS[opts.lang].NEOBANK;
  const intro = fill(t.intro, { amount: dollars(opts.offerCents, opts.lang) });
  return page(
    opts.lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="intro">${escapeHtml(intro)}</p>
<ul>${t.points.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`,
  );
}
