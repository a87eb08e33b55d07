// A sandbox page: server-rendered HTML with an external script and stylesheet (no inline script or style: the pages
// are served under a strict content security policy), usable by keyboard and screen reader.
import type { PageLang } from './texts.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** data-* attributes from a map (values escaped). */
export function dataAttributes(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => ` data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(value)}"`)
    .join('');
}

export const SANDBOX_ASSETS = {
  css: '/sandbox/assets/sandbox.css',
  bankLinkJs: '/sandbox/assets/bank-link.js',
  payPalJs: '/sandbox/assets/paypal.js',
} as const;

export function renderPage(opts: { lang: PageLang; title: string; script: string; body: string }): string {
  return `<!doctype html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(opts.title)}</title>
<link rel="stylesheet" href="${SANDBOX_ASSETS.css}">
<script src="${opts.script}" defer></script>
</head>
<body>
${opts.body}
</body>
</html>
`;
}

/** Headers of the pages' scripts and stylesheet. */
export const sandboxAssetHeaders = (contentType: string) =>
  ({ 'content-type': contentType, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' }) as const;

/** Headers of every sandbox page: framed only by the portal itself, scripts only from here, the token never leaked. */
export const SANDBOX_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;
