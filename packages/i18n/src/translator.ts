// The portal's translations, for the web app and the API alike (issue 20 §3: one translator, one way of filling
// placeholders): locales/en.json and fr.json looked up by key, with the parts of i18next's behaviour the portal uses and
// nothing else (issue 9: i18next was 44 KB of the code every first load downloads and runs, 12.7 KB compressed, which
// Lighthouse's phone measured at 0.11 s of first paint and 1 to 2 points; translator.test.ts holds this module to
// i18next's answers for every case below).
// - `t(key)`: the current language's text, else English's, else the key itself.
// - `{{name}}` takes `options.name` (String of it; an option given as undefined or null gives ''); a placeholder no
//   option names stays as written, as i18next leaves it.
// - `count`: `key_zero` when the count is 0 and the language has it, then the plural form of the language (`key_one`,
//   `key_many`, `key_other`, by CLDR's rules for English and French), then `key`. One departure: a form the texts lack
//   (French `many`, for whole millions) falls back to `key_other` (i18next would show the key itself). With
//   `ordinal: true`, the ordinal forms: `key_ordinal_one` (1st), `_two` (2nd), `_few` (3rd), `_other` (4th).
// - `defaultValue` when no language has the key.
// - changeLanguage loads a language's texts first (the load function), then switches and tells the listeners.
import { type Lang, toLang } from './languages';

/** Nested texts, as in locales/*.json. */
export interface Resources {
  [key: string]: string | Resources;
}

export interface TOptions {
  count?: number;
  /** With count: the ordinal forms (`key_ordinal_one`: 1st, 21st; `_two`: 2nd; `_few`: 3rd; `_other`: 4th). */
  ordinal?: boolean;
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type PluralForm = 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * CLDR's cardinal plural rules (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html)
 * for the two languages, written out: Intl.PluralRules loads the browser's locale data on its first call, a cost on a
 * phone's first render. English: one for 1 exactly. French: one for 0 to 1.x, many for whole millions, else other.
 */
export function pluralForm(lang: Lang, count: number): PluralForm {
  const n = Math.abs(count);
  if (lang === 'en') return n === 1 ? 'one' : 'other';
  const i = Math.floor(n);
  if (i === 0 || i === 1) return 'one';
  if (Number.isInteger(n) && i % 1_000_000 === 0) return 'many';
  return 'other';
}

/** CLDR's ordinal rules: English 1st 2nd 3rd 4th … 11th 12th 13th … 21st; French 1er, then 2e, 3e (one form). */
export function ordinalForm(lang: Lang, count: number): PluralForm {
  const n = Math.abs(count);
  if (lang === 'fr') return n === 1 ? 'one' : 'other';
  const [mod10, mod100] = [n % 10, n % 100];
  if (mod10 === 1 && mod100 !== 11) return 'one';
  if (mod10 === 2 && mod100 !== 12) return 'two';
  if (mod10 === 3 && mod100 !== 13) return 'few';
  return 'other';
}

/** A form the texts may lack (French `many`: the portal's texts have one and other) falls back to other. */
const pluralKeys = (key: string, form: PluralForm) => (form === 'other' ? [`${key}_other`] : [`${key}_${form}`, `${key}_other`]);

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(options, name)) return whole;
    const value = options[name];
    return value == null ? '' : String(value);
  });
}

/** The text at a dotted key (`server.cash.limit`), or undefined (missing, or a section rather than a text). */
export function textAt(resources: Resources | undefined, key: string): string | undefined {
  let node: string | Resources | undefined = resources;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Adds what `from` has and `into` lacks, section by section (i18next's addResourceBundle, deep, no overwrite). */
function mergeMissing(into: Resources, from: Resources): void {
  for (const [key, value] of Object.entries(from)) {
    const present = into[key];
    if (typeof value === 'string') {
      if (present === undefined) into[key] = value;
    } else if (present === undefined) {
      const section: Resources = {};
      mergeMissing(section, value);
      into[key] = section;
    } else if (typeof present !== 'string') mergeMissing(present, value);
  }
}

export interface TranslatorOptions {
  /** The texts there from the start (English), copied. */
  resources: Partial<Record<Lang, Resources>>;
  /** The language the first render speaks; its texts load at once if missing (`ready` waits for them). */
  language: Lang;
  /** Loads a language's texts (French: on demand, so a route carries one language). */
  load: (lang: Lang) => Promise<Resources>;
}

type Listener = (lang: Lang) => void;

export class Translator {
  private readonly texts: Partial<Record<Lang, Resources>> = {};
  /** Each language's texts, loaded or loading (the languages given at the start: loaded). */
  private readonly loads = new Map<Lang, Promise<void>>();
  private readonly listeners = new Set<Listener>();
  private readonly bound = new Map<Lang, TFunction>();
  private readonly load: (lang: Lang) => Promise<Resources>;
  /** The language shown (set at once at the start, as i18next does; on a later change once its texts are here). */
  language: Lang;
  /** Resolves once the start language's texts are here. */
  readonly ready: Promise<void>;

  constructor(options: TranslatorOptions) {
    // copied: texts added later (addTexts) go into the copy, not into the imported JSON
    for (const [lang, resources] of Object.entries(options.resources) as [Lang, Resources][]) {
      this.addTexts(lang, resources);
      this.loads.set(lang, Promise.resolve());
    }
    this.load = options.load;
    this.language = options.language;
    this.ready = this.ensure(options.language);
  }

  /** The current language's text for a key (see the top of this file). */
  readonly t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** `t` for one language, the same function each time (what useTranslation hands out while that language shows). */
  fixedT(lang: Lang): TFunction {
    let t = this.bound.get(lang);
    if (!t) {
      t = (key, options) => this.translate(lang, key, options);
      this.bound.set(lang, t);
    }
    return t;
  }

  /** Switches once the language's texts are loaded (a failed load keeps the current language and rejects). */
  async changeLanguage(code: string): Promise<TFunction> {
    const lang = toLang(code);
    await this.ensure(lang);
    if (lang !== this.language) {
      this.language = lang;
      for (const listener of this.listeners) listener(lang);
    }
    return this.t;
  }

  /** Calls `listener` after every change of language; returns the unsubscribe. */
  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Adds texts a language lacks (a lazily loaded screen's English section), keeping those it has. */
  addTexts(lang: Lang, resources: Resources): void {
    this.texts[lang] ??= {};
    mergeMissing(this.texts[lang], resources);
  }

  /** A language's texts, loaded once (a failed load is tried again next time). */
  private ensure(lang: Lang): Promise<void> {
    let pending = this.loads.get(lang);
    if (!pending) {
      pending = this.load(lang).then(
        (resources) => this.addTexts(lang, resources),
        (error: unknown) => {
          this.loads.delete(lang);
          throw error;
        },
      );
      this.loads.set(lang, pending);
    }
    return pending;
  }

  private translate(lang: Lang, key: string, options?: TOptions): string {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    for (const code of lang === 'en' ? (['en'] as const) : ([lang, 'en'] as const)) {
      const resources = this.texts[code];
      if (!resources) continue;
      const keys =
        count === undefined
          ? [key]
          : options?.ordinal
            ? [...pluralKeys(`${key}_ordinal`, ordinalForm(code, count)), `${key}_${ordinalForm(code, count)}`, key]
            : [...(count === 0 ? [`${key}_zero`] : []), ...pluralKeys(key, pluralForm(code, count)), key];
      for (const candidate of keys) {
        const text = textAt(resources, candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
  }
}
