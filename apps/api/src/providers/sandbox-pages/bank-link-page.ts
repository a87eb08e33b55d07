// The bank-linking widget's page (/sandbox/bank-link/?token=…&lang=en|fr): the sandbox banks of the link token's
// country, each a group of radio buttons for its checking and savings accounts (last four digits only). Picking one
// and linking asks for a public token and posts it to the portal window (assets/bank-link.js).
import type { LinkTokenClaims } from '../bank-linking/bank-linking.ts';
import type { SandboxInstitution } from '../bank-linking/sandbox-institutions.ts';
import { dataAttributes, escapeHtml, renderPage, SANDBOX_ASSETS } from './render.ts';
import { fill, type PageLang, pageTexts } from './texts.ts';

export function renderBankLinkPage(opts: {
  lang: PageLang;
  token: string;
  claims: LinkTokenClaims | null;
  institutions: SandboxInstitution[];
}): string {
  const t = pageTexts(opts.lang);
  const header = (title: string, intro: string) => `<header>
<p class="badge">${escapeHtml(t.sandbox)}</p>
<h1 id="title" tabindex="-1">${escapeHtml(title)}</h1>
<p class="intro">${escapeHtml(intro)}</p>
</header>`;
  const messages = {
    lang: opts.lang,
    msgChoose: t.chooseAccount,
    msgLinking: t.linking,
    msgLinked: t.linked,
    msgFailed: t.linkFailed,
  };
  if (!opts.claims) {
    return renderPage({
      lang: opts.lang,
      title: t.linkExpiredTitle,
      script: SANDBOX_ASSETS.bankLinkJs,
      body: `<main id="bank-link" class="sandbox"${dataAttributes(messages)}>
${header(t.linkExpiredTitle, t.linkExpired)}
<div class="actions"><button type="button" id="exit">${escapeHtml(t.exit)}</button></div>
</main>`,
    });
  }
  const { country } = opts.claims;
  const groups = opts.institutions
    .map((institution) => {
      const options = institution.accounts
        .map((account) => {
          const name = account.subtype === 'savings' ? t.savings : t.checking[country];
          const id = `account-${account.id}`;
          return `<div class="option">
<input type="radio" name="account" id="${escapeHtml(id)}" value="${escapeHtml(account.id)}">
<label for="${escapeHtml(id)}"><span class="account-name">${escapeHtml(name)}</span>
<span class="mask" aria-hidden="true">•••• ${escapeHtml(account.mask)}</span>
<span class="visually-hidden">${escapeHtml(fill(t.endingIn, { last4: account.mask }))}</span></label>
</div>`;
        })
        .join('\n');
      return `<fieldset>
<legend>${escapeHtml(institution.name)}</legend>
${options}
</fieldset>`;
    })
    .join('\n');
  return renderPage({
    lang: opts.lang,
    title: t.bankLinkTitle,
    script: SANDBOX_ASSETS.bankLinkJs,
    body: `<main id="bank-link" class="sandbox"${dataAttributes({ ...messages, token: opts.token, country })}>
${header(t.bankLinkTitle, t.bankLinkIntro)}
<form id="link-form" novalidate aria-labelledby="banks-title">
<h2 id="banks-title">${escapeHtml(t.banksIn[country])}</h2>
${groups}
<p id="status" class="status" role="status" aria-live="polite"></p>
<div class="actions">
<button type="submit" class="primary">${escapeHtml(t.linkAccount)}</button>
<button type="button" id="exit">${escapeHtml(t.exit)}</button>
</div>
</form>
</main>`,
  });
}
