// A mail's plain text with its http(s) addresses as real links (issue 25: "follow the link" in the sandbox inbox). The
// text is never parsed as HTML: each part is a React text node or an anchor, so nothing in a mail can inject markup.
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

// An address runs to the next space or angle bracket; a closing punctuation mark at its end is the sentence's.
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]'»]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** The text cut into plain parts and http(s) links, in order. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const href = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The text as it came, line breaks kept, with its addresses clickable. */
export function LinkifiedText({ text }: { text: string }): ReactNode {
  return (
    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-text">
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <Anchor key={i} href={part.href} c="blue.8" underline="always">
            {part.href}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}
