// French typography (issue 9): a narrow no-break space (U+202F) before ! ? : ; and inside « ». Code tokens the client
// matches ([country:invalid value]), {{placeholders}}, addresses (https://…) and clock times (9:30) are left alone.
export const NNBSP = '\u202f';

const SKIPPED = /\[[^\]]*\]|\{\{[^}]*\}\}|https?:\/\/\S+|\d:\d/g;

/** The parts of a text that typography applies to (code tokens, placeholders and addresses blanked out). */
function prose(text: string): string {
  return text.replace(SKIPPED, (m) => '_'.repeat(m.length));
}

/** Each place where French typography is not followed: the character and its index. */
export function frenchTypographyProblems(text: string): { index: number; char: string }[] {
  const checked = prose(text);
  const problems: { index: number; char: string }[] = [];
  for (let i = 0; i < checked.length; i++) {
    const c = checked[i];
    if ('!?:;'.includes(c)) {
      // "?!" counts as one mark: the space goes before the first.
      if (i > 0 && '!?'.includes(checked[i - 1]) && '!?'.includes(c)) continue;
      if (checked[i - 1] !== NNBSP) problems.push({ index: i, char: c });
    } else if (c === '«' && checked[i + 1] !== NNBSP) problems.push({ index: i, char: c });
    else if (c === '»' && checked[i - 1] !== NNBSP) problems.push({ index: i, char: c });
  }
  return problems;
}

/** The text with French typography applied (a space or none before ! ? : ; becomes U+202F). */
export function applyFrenchTypography(text: string): string {
  const checked = prose(text);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = checked[i];
    const mark = '!?:;'.includes(c) && !(i > 0 && '!?'.includes(checked[i - 1]) && '!?'.includes(c));
    if (mark || c === '»') {
      if (out.endsWith(' ') || out.endsWith('\u00a0')) out = out.slice(0, -1);
      if (!out.endsWith(NNBSP)) out += NNBSP;
      out += text[i];
    } else if (c === '«') {
      out += text[i];
      if (text[i + 1] === ' ' || text[i + 1] === '\u00a0') i++;
      if (text[i + 1] !== NNBSP) out += NNBSP;
    } else out += text[i];
  }
  return out;
}
