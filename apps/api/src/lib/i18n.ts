// Server texts in the caller's language (the standard: server messages in English and French). The texts and the
// translator are the web app's, from @portal/i18n (issue 20 §3: one translator, so a message such as "Cash payments
// cannot exceed {{max}}." is filled in the same way on both sides): an error whose message (or field error message) is
// a message key of the locale files is sent in the caller's language: `Accept-Language` (the web app sends its UI
// language), else English.
import { preferredLanguage } from '@portal/i18n/accept-language';
import type { Lang } from '@portal/i18n/languages';
import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { type Resources, type TOptions, Translator, textAt } from '@portal/i18n/translator';
import type { FastifyRequest } from 'fastify';

export type { Lang } from '@portal/i18n/languages';

const TEXTS = { en: en as Resources, fr: fr as Resources };
// Both languages from the start: nothing to load.
const translator = new Translator({ resources: TEXTS, language: 'en', load: async () => ({}) });

// Segments may hold '-' and '_': charge codes and notification kinds are keys as written (domain.chargeCode.bike-storage,
// server.notifications.AUTOPAY_PAID.body).
const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9][\w-]*)+$/;

/** Whether the text is a message key of the locale files. */
export function isMessageKey(text: string): boolean {
  return KEY_SHAPE.test(text) && textAt(TEXTS.en, text) !== undefined;
}

/**
 * The text of a message key in a language, with its {{name}} values, as the web app's `t` gives it; the key itself
 * when unknown. A value that is itself a message key (e.g. the method of the blocked-method message) is translated too.
 */
export function translate(lang: Lang, key: string, values?: Record<string, unknown>): string {
  const options: TOptions | undefined = values && { ...values };
  if (options) {
    for (const [name, value] of Object.entries(options)) {
      if (typeof value === 'string' && isMessageKey(value)) options[name] = translate(lang, value);
    }
  }
  return translator.fixedT(lang)(key, options);
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
    walk(TEXTS.en.server, 'server');
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

/** The portal language Accept-Language prefers, by its q-values (RFC 9110 §12.5.4), else null. */
export function acceptLanguage(request: Pick<FastifyRequest, 'headers'>): Lang | null {
  return preferredLanguage(request.headers['accept-language']);
}

/** The caller's language: the one Accept-Language prefers of en and fr, else English. */
export function requestLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  return acceptLanguage(request) ?? 'en';
}
