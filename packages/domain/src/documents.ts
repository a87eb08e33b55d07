// spec 1 §5, §8 / spec 2 §5, §9: documents are CSV, PNG or JPEG judged by content, under 10 MB, with a name under 50 characters.
// Issue 9: PDF too (leases and insurance proofs are PDFs), and the name's extension must agree with the content.
// Pure (no Node APIs): the upload form and the server run the very same checks; the server streams the bytes through
// createDocumentSniffer, the form passes the whole file to detectDocumentType (the same code).

/** spec 2 §9: size under 10 MB (a file of exactly 10 MB is refused). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** spec 1 §8 / spec 2 §9: file name under 50 characters (49 is the longest accepted). */
export const DOCUMENT_NAME_MAX_LENGTH = 50;

export const DOCUMENT_MIME_TYPES = ['text/csv', 'image/png', 'image/jpeg', 'application/pdf'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** The file name extensions of each accepted type (lower case, without the dot). */
export const DOCUMENT_EXTENSIONS: Record<DocumentMimeType, readonly string[]> = {
  'text/csv': ['csv'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};

/** The `accept` list of a file picker: every accepted extension and type. */
export const DOCUMENT_ACCEPT = [
  ...Object.values(DOCUMENT_EXTENSIONS).flatMap((exts) => exts.map((e) => `.${e}`)),
  ...DOCUMENT_MIME_TYPES,
].join(',');

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
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/** Bytes enough to tell PNG (signature + IHDR), JPEG and PDF apart. */
const MAGIC_BYTES = 16;

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

/** A PDF starts with its header, `%PDF-` and the version. */
export function isPdf(bytes: Uint8Array): boolean {
  return startsWith(bytes, PDF_SIGNATURE);
}

// Text formats that are not tabular data even though they are plain text.
const NOT_CSV_PREFIXES = ['%pdf', '%!ps', '{\\rtf', '<?xml', '<!doctype', '<html', '<svg', '#!'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: a CSV holds no control bytes but tab, CR and LF
const CSV_FORBIDDEN_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const DELIMITERS = [',', ';', '\t', '|'] as const;
/** The delimiter is read from the first line, or from its first 64 KB when it is longer. */
const FIRST_LINE_MAX = 64 * 1024;

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
 * Delimited text checked as it arrives (RFC 4180 style): no control characters but tab, CR and LF, at least one
 * non-blank line, not another text format, and every quoted field closed, its closing quote followed by the
 * delimiter, an end of line or the end of the text. A single column (no delimiter at all) is a valid CSV.
 */
class DelimitedTextChecker {
  private head = ''; // text held until the first line (and the delimiter) is known
  private started = false;
  private delimiter: string | null = null;
  private atFieldStart = true;
  private inQuotes = false;
  private quotePending = false; // a quote inside a quoted field: escaped ("") or closing, the next character says
  private hasContent = false;
  private seenText = false;
  private ok = true;

  get failed(): boolean {
    return !this.ok;
  }

  push(text: string, last = false): void {
    if (!this.ok) return;
    if (CSV_FORBIDDEN_RE.test(text)) {
      this.ok = false;
      return;
    }
    if (!this.hasContent && /\S/.test(text)) this.hasContent = true; // \s covers the byte order mark too
    if (this.started) {
      this.scan(text);
      return;
    }
    // A byte order mark at the very start is not content.
    this.head += this.head === '' && !this.seenText && text.startsWith('\ufeff') ? text.slice(1) : text;
    if (text !== '') this.seenText = true;
    const lead = this.head.trimStart();
    const firstBreak = this.head.search(/[\r\n]/);
    const enough = (firstBreak >= 0 && lead.length >= 16) || this.head.length >= FIRST_LINE_MAX;
    if (!enough && !last) return;
    const start = lead.slice(0, 16).toLowerCase();
    if (NOT_CSV_PREFIXES.some((p) => start.startsWith(p))) {
      this.ok = false;
      return;
    }
    const firstLine = firstBreak >= 0 ? this.head.slice(0, firstBreak) : this.head;
    this.delimiter = detectDelimiter(firstLine.slice(0, FIRST_LINE_MAX));
    this.started = true;
    const held = this.head;
    this.head = '';
    this.scan(held);
  }

  private scan(text: string): void {
    const d = this.delimiter;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (this.quotePending) {
        this.quotePending = false;
        if (ch === '"') continue; // an escaped quote: still inside the field
        this.inQuotes = false;
        if (ch !== d && ch !== '\n' && ch !== '\r') {
          this.ok = false;
          return;
        }
      } else if (this.inQuotes) {
        if (ch === '"') this.quotePending = true;
        continue;
      }
      if (ch === '"' && this.atFieldStart) {
        this.inQuotes = true;
        this.atFieldStart = false;
      } else this.atFieldStart = ch === d || ch === '\n' || ch === '\r';
    }
  }

  /** After the last push (`last` true). */
  end(): boolean {
    // A quote pending at the very end closes the last field.
    return this.ok && this.hasContent && !(this.inQuotes && !this.quotePending);
  }
}

/** Whole text that reads as delimited rows (see DelimitedTextChecker). */
export function looksLikeDelimitedText(text: string): boolean {
  const checker = new DelimitedTextChecker();
  checker.push(text, true);
  return checker.end();
}

export interface DocumentSniffer {
  /** The next bytes of the file. */
  push(chunk: Uint8Array): void;
  /** True as soon as the bytes seen so far cannot be an accepted document (the rest need not be read). */
  readonly refused: boolean;
  /** The detected type once every byte was pushed, or null. */
  end(): DocumentMimeType | null;
}

/**
 * spec 2 §9 (and PDF, issue 9): the type of a document from its bytes as they arrive, never from its name or claimed
 * type: PNG, JPEG and PDF by their first bytes, CSV as valid UTF-8 delimited text throughout.
 */
export function createDocumentSniffer(): DocumentSniffer {
  let magic = new Uint8Array(0);
  let kind: DocumentMimeType | 'undecided' = 'undecided';
  let size = 0;
  let csv = null as DelimitedTextChecker | null;
  let decoder: { decode(input: Uint8Array, options?: { stream?: boolean }): string } | null = null;
  let refused = false;

  const decide = (final: boolean) => {
    if (isPng(magic)) kind = 'image/png';
    else if (isJpeg(magic)) kind = 'image/jpeg';
    else if (isPdf(magic)) kind = 'application/pdf';
    else if (magic.length >= MAGIC_BYTES || final) {
      kind = 'text/csv';
      csv = new DelimitedTextChecker();
      decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      const held = magic;
      magic = new Uint8Array(0);
      text(held, final);
    }
  };
  const text = (bytes: Uint8Array, final: boolean) => {
    if (!csv || !decoder || refused) return;
    try {
      csv.push(decoder.decode(bytes, { stream: !final }), final);
    } catch {
      refused = true; // not UTF-8
      return;
    }
    if (csv.failed) refused = true;
  };

  return {
    push(chunk) {
      size += chunk.length;
      if (refused || chunk.length === 0) return;
      if (kind === 'undecided') {
        const joined = new Uint8Array(magic.length + Math.min(chunk.length, MAGIC_BYTES));
        joined.set(magic);
        joined.set(chunk.subarray(0, MAGIC_BYTES), magic.length);
        const taken = joined.length - magic.length;
        magic = joined;
        if (magic.length < MAGIC_BYTES) return;
        decide(false);
        // The magic bytes were fed to the CSV check by decide; the rest of this chunk follows them.
        if (csv) text(chunk.subarray(taken), false);
        return;
      }
      if (kind === 'text/csv') text(chunk, false);
    },
    get refused() {
      return refused;
    },
    end() {
      if (size === 0) return null;
      if (kind === 'undecided') decide(true);
      else if (kind === 'text/csv') text(new Uint8Array(0), true);
      if (refused) return null;
      if (kind === 'text/csv') return (csv as DelimitedTextChecker | null)?.end() ? 'text/csv' : null;
      return kind as DocumentMimeType; // decided: decide(true) always settles it
    },
  };
}

/**
 * spec 2 §9: the type of an uploaded document from its bytes (never from its name or claimed type):
 * PNG, JPEG and PDF by their magic bytes, CSV as UTF-8 delimited text; null for anything else.
 */
export function detectDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  const sniffer = createDocumentSniffer();
  sniffer.push(bytes);
  return sniffer.end();
}

/** The accepted type a file name's extension says (case-insensitive), or null (no or another extension). */
export function documentTypeOfName(name: string): DocumentMimeType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  for (const type of DOCUMENT_MIME_TYPES) if (DOCUMENT_EXTENSIONS[type].includes(ext)) return type;
  return null;
}

export type DocumentTypeProblem = 'UNSUPPORTED' | 'MISMATCH';

/**
 * Issue 9: a file's name and content must agree. UNSUPPORTED: the name's extension or the content is not an
 * accepted type; MISMATCH: both are, but not the same (text named .png, a PNG named .csv). Without the content
 * (detected undefined) only the name is judged.
 */
export function checkDocumentType(name: string, detected?: DocumentMimeType | null): DocumentTypeProblem | null {
  const named = documentTypeOfName(name);
  if (!named || detected === null) return 'UNSUPPORTED';
  if (detected !== undefined && detected !== named) return 'MISMATCH';
  return null;
}
