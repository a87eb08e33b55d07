// The one shape of every mail (issue 25: "plain text and HTML"): a greeting, paragraphs, an optional table of figures,
// an optional button with its address spelled out, and the signature. Both parts are made from the same pieces, so the
// text part says everything the HTML part does. Every value is escaped in the HTML part.
import { type Lang, translate } from '../../lib/i18n.ts';

export interface MailBody {
  /** The first name, or null for "Hello,". */
  name: string | null;
  paragraphs: string[];
  /** Label/value rows (a receipt's figures). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** Paragraphs after the button (how long the link works, "ignore if not you"). */
  after?: string[];
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** "Label:" in English, "Libellé :" (narrow no-break space) in French, as the portal's French texts write it. */
const withColon = (lang: Lang, label: string) => (lang === 'fr' ? `${label}\u202f:` : `${label}:`);

export function layoutMail(lang: Lang, subject: string, body: MailBody): MailContent {
  const greeting = body.name
    ? translate(lang, 'server.mail.greeting', { name: body.name })
    : translate(lang, 'server.mail.greetingNoName');
  const signature = translate(lang, 'server.mail.signature');
  const automated = translate(lang, 'server.mail.automated');
  const after = body.after ?? [];

  const text: string[] = [greeting, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.details?.length) {
    const labels = body.details.map(([label]) => withColon(lang, label));
    const width = Math.max(...labels.map((l) => l.length));
    body.details.forEach(([, value], i) => {
      text.push(`${labels[i].padEnd(width + 1)}${value}`);
    });
    text.push('');
  }
  if (body.action) text.push(withColon(lang, body.action.label), body.action.url, '');
  for (const p of after) text.push(p, '');
  text.push(signature, automated);

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html: string[] = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    p(greeting),
    ...body.paragraphs.map(p),
  ];
  if (body.details?.length) {
    html.push('<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">');
    for (const [label, value] of body.details) {
      html.push(
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;font-weight:normal;color:#495057">${escapeHtml(label)}</th>`,
        `<td style="text-align:right;padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
      );
    }
    html.push('</table>');
  }
  if (body.action) {
    const url = escapeHtml(body.action.url);
    html.push(
      `<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;background:#1864ab;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(body.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#495057">${escapeHtml(translate(lang, 'server.mail.buttonFallback'))}<br><a href="${url}" style="color:#1864ab;word-break:break-all">${url}</a></p>`,
    );
  }
  html.push(...after.map(p), p(signature), `<p style="margin:0;font-size:12px;color:#495057">${escapeHtml(automated)}</p>`);
  html.push('</div></body></html>');
  return { subject, text: `${text.join('\n')}\n`, html: html.join('\n') };
}
