import { describe, expect, it } from 'vitest';
import { safeImagePath, safeLinkUrl } from './safe-url.ts';

describe('safeLinkUrl (spec 2 §2 custom card buttonUrl)', () => {
  it.each([
    ['https://example.test/offer', 'https://example.test/offer'],
    ['http://example.test', 'http://example.test/'],
    ['  https://example.test/a?b=1#c  ', 'https://example.test/a?b=1#c'],
    ['HTTPS://Example.TEST/x', 'https://example.test/x'],
  ])('keeps the web address %j', (value, href) => {
    expect(safeLinkUrl(value)).toBe(href);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox'],
    ['mailto:someone@example.test'],
    ['ftp://example.test/file'],
    ['//example.test/no-scheme'],
    ['/relative/path'],
    ['example.test'],
    ['https://user:pass@example.test/'],
    ['https://exa mple.test/'],
    ['https://example.test/\nnext'],
    [''],
    ['   '],
    [`https://example.test/${'a'.repeat(2100)}`],
  ])('refuses %j', (value) => {
    expect(safeLinkUrl(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeLinkUrl(undefined)).toBeNull();
    expect(safeLinkUrl(null)).toBeNull();
  });
});

describe('safeImagePath (the custom card image, served by the portal itself)', () => {
  it('keeps a path on our own origin', () => {
    expect(safeImagePath('/images/custom-card.svg')).toBe('/images/custom-card.svg');
  });

  it.each([
    ['https://cdn.example.test/a.png'],
    ['//cdn.example.test/a.png'],
    ['images/a.png'],
    ['/images/../api/secret'],
    ['javascript:alert(1)'],
    ['/a b.png'],
    ['/a.png?x=1'],
    [''],
  ])('refuses %j', (value) => {
    expect(safeImagePath(value)).toBeNull();
  });
});
