// Links and images a manager writes (spec 2 §2 custom card: buttonUrl, imageUrl) reach the tenant's browser: only
// web addresses may become a link (no javascript:, data: or other schemes), checked where the card is written and
// again where it is shown.

const MAX_URL_LENGTH = 2048;

/** The absolute http(s) address to link to, or null when `value` is anything else (the button is then hidden). */
export function safeLinkUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_LENGTH) return null;
  // WHATWG parsing ignores tabs and newlines inside a scheme ("java\tscript:"); refuse any control character outright.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\s]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/**
 * An image the portal may show: a path on the portal's own origin ("/images/card.svg"), since its content security
 * policy loads images from itself only (an outside image would show broken), or null.
 */
export function safeImagePath(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^\/[A-Za-z0-9._~\-/]+$/.test(trimmed) || trimmed.startsWith('//') || trimmed.length > 512) return null;
  if (trimmed.split('/').includes('..')) return null;
  return trimmed;
}
