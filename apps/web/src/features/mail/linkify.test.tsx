// issue 25: the sandbox inbox shows a mail's plain text with its links clickable, and never as markup.

import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, splitLinks } from './linkify';

describe('splitLinks', () => {
  it.each([
    ['no link here', [{ kind: 'text', text: 'no link here' }]],
    [
      'Open http://localhost:8080/reset-password/abc_DEF-123 to continue.',
      [
        { kind: 'text', text: 'Open ' },
        { kind: 'link', href: 'http://localhost:8080/reset-password/abc_DEF-123' },
        { kind: 'text', text: ' to continue.' },
      ],
    ],
    // The sentence's punctuation stays out of the address; a query string stays in.
    [
      '(https://portal.example/verify-email/t0k?x=1).',
      [
        { kind: 'text', text: '(' },
        { kind: 'link', href: 'https://portal.example/verify-email/t0k?x=1' },
        { kind: 'text', text: ').' },
      ],
    ],
    [
      'https://a.example\nhttps://b.example',
      [
        { kind: 'link', href: 'https://a.example' },
        { kind: 'text', text: '\n' },
        { kind: 'link', href: 'https://b.example' },
      ],
    ],
    // Only http(s): another scheme is text.
    ['javascript:alert(1) ftp://x.example', [{ kind: 'text', text: 'javascript:alert(1) ftp://x.example' }]],
  ])('%j', (text, parts) => {
    expect(splitLinks(text)).toEqual(parts);
  });
});

describe('LinkifiedText', () => {
  it('renders links as anchors and markup as text', () => {
    render(
      <MantineProvider env="test">
        <LinkifiedText text={'Hi <b>you</b>, <script>alert(1)</script> go to https://portal.example/reset-password/abc.'} />
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'https://portal.example/reset-password/abc' });
    expect(link).toHaveAttribute('href', 'https://portal.example/reset-password/abc');
    const text = screen.getByTestId('mail-text');
    expect(text.querySelector('script, b')).toBeNull();
    expect(text).toHaveTextContent('Hi <b>you</b>, <script>alert(1)</script> go to');
  });
});
