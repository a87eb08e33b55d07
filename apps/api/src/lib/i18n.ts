// Server texts in the caller's language (the standard: server messages in English and French). The web's locale files
// are the one source of texts: an error whose message (or field error message) is a message key of those files is sent
// in the caller's language: `Accept-Language` (the web app sends its UI language), else English.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';

export type Lang = 'en' | 'fr';
type Texts = Record<string, unknown>;

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../web/src/locales');
let cache: Record<Lang, Texts> | null = null;
function texts(): Record<Lang, Texts> {
  cache ??= {
    en: JSON.parse(readFileSync(join(localesDir, 'en.json'), 'utf8')),
    fr: JSON.parse(readFileSync(join(localesDir, 'fr.json'), 'utf8')),
  };
  return cache;
}

function lookup(tree: Texts, key: string): string | null {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = (node as Texts)[part];
  }
  return typeof node === 'string' ? node : null;
}

const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

/** Whether the text is a message key of the locale files. */
export function isMessageKey(text: string): boolean {
  return KEY_SHAPE.test(text) && lookup(texts().en, text) !== null;
}

/** The text of a message key in a language ({{name}} values filled in); the key itself when unknown. */
export function translate(lang: Lang, key: string, values?: Record<string, unknown>): string {
  const text = lookup(texts()[lang], key) ?? lookup(texts().en, key) ?? key;
  // A value that is itself a message key (e.g. the method of the blocked-method message) is translated too.
  const fill = (v: unknown) => (typeof v === 'string' && isMessageKey(v) ? translate(lang, v) : String(v ?? ''));
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => fill(values?.[name]));
}

// The server.* section is also a catalogue keyed by its English texts (as gettext's msgid): an English sentence the code
// writes (e.g. AppError.notFound('Lease') → 'Lease not found') is sent in the caller's language when the catalogue
// holds it. Texts the client matches verbatim ('Access token invalid', spec 1 §8 SERVER_MESSAGES, the in-use reasons)
// are kept out of the catalogue, so they stay as written (test/server-messages.test.ts walks every message the code writes).
let englishIndex: Map<string, string> | null = null;
function serverKeyOfEnglish(text: string): string | undefined {
  if (!englishIndex) {
    englishIndex = new Map();
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') englishIndex?.set(node, path);
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
    };
    walk(texts().en.server, 'server');
  }
  return englishIndex.get(text);
}

/** The message key a sent text stands for: itself when it is a key, its catalogue key when it is a server.* English text. */
export function messageKeyOf(message: string): string | null {
  if (isMessageKey(message)) return message;
  return serverKeyOfEnglish(message) ?? null;
}

/** A message as sent: translated when it is a message key or a server.* English text, as is otherwise. */
export function localize(lang: Lang, message: string, values?: Record<string, unknown>): string {
  const key = messageKeyOf(message);
  if (!key) return message;
  // A zod custom issue (a @portal/domain rule in a route schema) carries its message values in `params`.
  const nested = values?.params;
  return translate(lang, key, nested && typeof nested === 'object' ? { ...values, ...(nested as object) } : values);
}

/** The first language of Accept-Language that is en or fr, else null. */
export function acceptLanguage(request: Pick<FastifyRequest, 'headers'>): Lang | null {
  const header = request.headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    if (base === 'fr' || base === 'en') return base;
  }
  return null;
}

/** The caller's language: the first of Accept-Language that is en or fr, else English. */
export function requestLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  return acceptLanguage(request) ?? 'en';
}
