// spec 1 §5, §8 / spec 2 §5, §9: documents are CSV, PNG or JPEG judged by content, under 10 MB, with a name under 50 characters.
// Pure (no Node APIs): the upload form and the server run the very same checks.

/** spec 2 §9: size under 10 MB (a file of exactly 10 MB is refused). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** spec 1 §8 / spec 2 §9: file name under 50 characters (49 is the longest accepted). */
export const DOCUMENT_NAME_MAX_LENGTH = 50;

export const DOCUMENT_MIME_TYPES = ['text/csv', 'image/png', 'image/jpeg'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

export type DocumentNameProblem = 'EMPTY' | 'TOO_LONG';

// Control characters (C0 except tab/LF/CR are handled separately for names), C1, and invisible/bidi formatting marks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const NAME_UNSAFE_RE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The name kept for an uploaded file: its last path component (a browser may send `C:\x\y.csv`),
 * without control or bidi characters, trimmed. `.` and `..` are not names.
 */
export function sanitizeDocumentName(raw: string | null | undefined): string {
  if (!raw) return '';
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(NAME_UNSAFE_RE, '').trim();
  return clean === '.' || clean === '..' ? '' : clean;
}

/** Length in characters (code points, so an emoji counts once). */
export function documentNameLength(name: string): number {
  return [...name].length;
}

/** spec 1 §8: 'select a valid file' when empty, the 50-character message when too long; null when fine. */
export function checkDocumentName(name: string): DocumentNameProblem | null {
  if (name === '') return 'EMPTY';
  if (documentNameLength(name) >= DOCUMENT_NAME_MAX_LENGTH) return 'TOO_LONG';
  return null;
}

/** spec 2 §9: a document has content and is under 10 MB. */
export function isDocumentSizeAllowed(size: number): boolean {
  return Number.isInteger(size) && size > 0 && size < DOCUMENT_MAX_BYTES;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

export function isPng(bytes: Uint8Array): boolean {
  // Signature, then the first chunk must be IHDR (length 4 bytes, type 4 bytes).
  return startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, IHDR, 12);
}

export function isJpeg(bytes: Uint8Array): boolean {
  // SOI marker followed by the start of another marker.
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

// Text formats that are not tabular data even though they are plain text.
const NOT_CSV_PREFIXES = ['%pdf', '%!ps', '{\\rtf', '<?xml', '<!doctype', '<html', '<svg', '#!'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: a CSV holds no control bytes but tab, CR and LF
const CSV_FORBIDDEN_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of the first line (the most frequent one outside quotes), or null for a single column. */
function detectDelimiter(firstLine: string): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const d of DELIMITERS) {
    let count = 0;
    let inQuotes = false;
    for (const ch of firstLine) {
      if (ch === '"') inQuotes = !inQuotes;
      else if (ch === d && !inQuotes) count++;
    }
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Text that reads as delimited rows (RFC 4180 style): at least one non-blank line, and every quoted
 * field closed, its closing quote followed by the delimiter, an end of line or the end of the text.
 * A single column (no delimiter at all) is a valid CSV.
 */
export function looksLikeDelimitedText(text: string): boolean {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  if (body.trim() === '') return false;
  if (CSV_FORBIDDEN_RE.test(body)) return false;
  const head = body.trimStart().slice(0, 16).toLowerCase();
  if (NOT_CSV_PREFIXES.some((p) => head.startsWith(p))) return false;
  const delimiter = detectDelimiter(body.split(/\r\n|\n|\r/, 1)[0] ?? '');
  let atFieldStart = true;
  let inQuotes = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (inQuotes) {
      if (ch !== '"') continue;
      if (body[i + 1] === '"') {
        i++; // escaped quote
        continue;
      }
      inQuotes = false;
      const next = body[i + 1];
      if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') return false;
      atFieldStart = false;
      continue;
    }
    if (ch === '"' && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
    } else if (ch === delimiter || ch === '\n' || ch === '\r') atFieldStart = true;
    else atFieldStart = false;
  }
  return !inQuotes;
}

/** UTF-8 text (fatal on malformed sequences), or null. */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * spec 2 §9: the type of an uploaded document from its bytes (never from its name or claimed type):
 * PNG and JPEG by their magic bytes, CSV as UTF-8 delimited text; null for anything else.
 */
export function detectDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  if (bytes.length === 0) return null;
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  const text = decodeUtf8(bytes);
  return text !== null && looksLikeDelimitedText(text) ? 'text/csv' : null;
}
