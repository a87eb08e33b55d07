// The translator answers as i18next (as the portal configured it until issue 9: fallback English, no escaping,
// JSON v4 plurals) for every text of locales/*.json and every case the portal's calls use; i18next stays a dev
// dependency for this comparison only.
import i18next, { type i18n as I18next } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from './languages';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ordinalForm, pluralForm, type Resources, type TOptions, Translator } from './translator';

const SAMPLE: Resources = {
  plain: 'Hello',
  nested: { deeper: { text: 'Deep {{name}}' } },
  greet: 'Hi {{name}}, you owe {{amount}}',
  spaced: 'Value: {{ value }}',
  items_zero: 'No items',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  files_one: 'one file',
  files_other: '{{count}} files',
  onlyEn: 'English only',
  day_ordinal_one: '{{count}}st',
  day_ordinal_two: '{{count}}nd',
  day_ordinal_few: '{{count}}rd',
  day_ordinal_other: '{{count}}th',
};
const SAMPLE_FR: Resources = {
  plain: 'Bonjour',
  nested: { deeper: { text: 'Profond {{name}}' } },
  greet: 'Salut {{name}}, vous devez {{amount}}',
  items_zero: 'Aucun article',
  items_one: '{{count}} article',
  items_other: '{{count}} articles',
  files_one: 'un fichier',
  files_other: '{{count}} fichiers',
  day_ordinal_one: '{{count}}er',
  day_ordinal_other: '{{count}}e',
  day_ordinal_two: '{{count}}e',
  day_ordinal_few: '{{count}}e',
};

async function reference(resources: { en: Resources; fr: Resources }, lng: Lang): Promise<I18next> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: resources.en }, fr: { translation: resources.fr } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

function ours(resources: { en: Resources; fr: Resources }, language: Lang): Translator {
  return new Translator({ resources, language, load: async () => ({}) });
}

const CASES: [string, TOptions | undefined][] = [
  ['plain', undefined],
  ['nested.deeper.text', { name: 'Ana' }],
  ['greet', { name: 'Ana', amount: '$5.00' }],
  ['greet', { name: 42, amount: 0 }],
  ['greet', { name: undefined, amount: null }],
  ['greet', { name: 'Ana' }], // amount not given: the placeholder stays, as i18next leaves it
  ['spaced', { value: 'x' }],
  ['items', { count: 0 }],
  ['items', { count: 1 }],
  ['items', { count: 2 }],
  ['items', { count: 1.5 }],
  ['items', { count: 0.5 }],
  ['items', { count: -1 }],
  ['files', { count: 0 }],
  ['files', { count: 1 }],
  ['files', { count: 7 }],
  ['onlyEn', undefined],
  ...[1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((count): [string, TOptions] => ['day', { count, ordinal: true }]),
  ['missing.key', undefined],
  ['missing.key', { defaultValue: 'Fallback {{name}}', name: 'Ana' }],
  ['nested', undefined], // a section, not a text: the key
  ['plain.more', undefined],
];

describe('Translator, case by case against i18next', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`answers as i18next in ${lang}`, async () => {
      const resources = { en: SAMPLE, fr: SAMPLE_FR };
      const ref = await reference(resources, lang);
      const t = ours(resources, lang).t;
      for (const [key, options] of CASES) {
        // i18next answers a section with a message of its own ("returned an object instead of string"): ours, the key
        const expected = key === 'nested' ? 'nested' : ref.t(key, options as Record<string, unknown>);
        expect(t(key, options), `${lang} ${key} ${JSON.stringify(options)}`).toBe(expected);
      }
    });
  }
});

/** Every text key of a locale file (plural forms named once, by their base key). */
function textKeys(resources: Resources, prefix = ''): string[] {
  return Object.entries(resources).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/(_ordinal)?_(zero|one|two|few|many|other)$/, '')}`]
      : textKeys(value, `${prefix}${key}.`),
  );
}
/** Values for every placeholder a text names (count among them where it has plural forms). */
function optionsFor(text: string | undefined, count: number): TOptions {
  const options: TOptions = { count };
  for (const [, name] of (text ?? '').matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) if (name !== 'count') options[name] = `<${name}>`;
  return options;
}
const textAt = (resources: Resources, key: string): string | undefined => {
  const node = key.split('.').reduce<unknown>((o, k) => (o as Resources | undefined)?.[k], resources);
  return typeof node === 'string' ? node : undefined;
};

describe("Translator on the portal's own texts", () => {
  const resources = { en: en as unknown as Resources, fr: fr as unknown as Resources };
  let refs: Record<Lang, I18next>;
  beforeAll(async () => {
    refs = { en: await reference(resources, 'en'), fr: await reference(resources, 'fr') };
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`gives i18next's text for every key of en.json and fr.json in ${lang}, plural or not`, { timeout: 30_000 }, () => {
      const t = ours(resources, lang).t;
      const keys = [...new Set([...textKeys(resources.en), ...textKeys(resources.fr)])];
      expect(keys.length).toBeGreaterThan(500);
      for (const key of keys) {
        const sample = textAt(resources[lang], key) ?? textAt(resources[lang], `${key}_other`) ?? textAt(resources.en, key);
        for (const count of [0, 1, 2, 3, 3.5, 11, 22]) {
          for (const ordinal of [false, true]) {
            const options = { ...optionsFor(sample ?? textAt(resources.en, `${key}_other`), count), ...(ordinal && { ordinal }) };
            expect(t(key, options), `${lang} ${key} count ${count}${ordinal ? ' ordinal' : ''}`).toBe(
              refs[lang].t(key, options as Record<string, unknown>),
            );
          }
        }
        const noCount = optionsFor(sample, 0);
        delete noCount.count;
        expect(t(key, noCount), `${lang} ${key}`).toBe(refs[lang].t(key, noCount as Record<string, unknown>));
      }
    });
  }
});

describe('plural forms (CLDR, written out)', () => {
  it('match Intl.PluralRules for English and French', () => {
    for (const lang of ['en', 'fr'] as const) {
      const rules = new Intl.PluralRules(lang);
      for (const n of [0, 0.5, 1, 1.5, 2, 3, 10, 21, 100, 999_999, 1_000_000, 2_000_000, 1_500_000, -1]) {
        expect(pluralForm(lang, n), `${lang} ${n}`).toBe(rules.select(n));
      }
    }
  });

  it('ordinal: match Intl.PluralRules({ type: ordinal })', () => {
    for (const lang of ['en', 'fr'] as const) {
      const rules = new Intl.PluralRules(lang, { type: 'ordinal' });
      for (let n = 0; n <= 125; n++) expect(ordinalForm(lang, n), `${lang} ${n}`).toBe(rules.select(n));
    }
  });

  it('fall back to the other form where the texts lack one (French many: i18next would show the key)', () => {
    const t = ours({ en: SAMPLE, fr: SAMPLE_FR }, 'fr').t;
    expect(t('files', { count: 1_000_000 })).toBe('1000000 fichiers');
  });
});

describe('changing language', () => {
  it('loads the texts first, then switches and tells the listeners; a failed load keeps the language', async () => {
    const load = vi.fn(async (lang: Lang) => (lang === 'fr' ? SAMPLE_FR : {}));
    const translator = new Translator({ resources: { en: SAMPLE }, language: 'en', load });
    const heard: Lang[] = [];
    const stop = translator.onLanguageChanged((lang) => heard.push(lang));
    expect(translator.t('plain')).toBe('Hello');
    await translator.changeLanguage('fr');
    expect(translator.language).toBe('fr');
    expect(translator.t('plain')).toBe('Bonjour');
    expect(translator.t('onlyEn')).toBe('English only');
    await translator.changeLanguage('fr');
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(['fr']);
    stop();
    await translator.changeLanguage('en');
    expect(heard).toEqual(['fr']);

    const failing = new Translator({
      resources: { en: SAMPLE },
      language: 'en',
      load: () => Promise.reject(new Error('offline')),
    });
    await expect(failing.changeLanguage('fr')).rejects.toThrow('offline');
    expect(failing.language).toBe('en');
  });

  it('starts in a language whose texts load (ready), and speaks English meanwhile', async () => {
    let release: (r: Resources) => void = () => {};
    const translator = new Translator({
      resources: { en: SAMPLE },
      language: 'fr',
      load: () => new Promise<Resources>((resolve) => (release = resolve)),
    });
    expect(translator.language).toBe('fr');
    expect(translator.t('plain')).toBe('Hello');
    release(SAMPLE_FR);
    await translator.ready;
    expect(translator.t('plain')).toBe('Bonjour');
  });

  it('gives the same t for a language each time, and adds texts without replacing those there', () => {
    const translator = ours({ en: SAMPLE, fr: SAMPLE_FR }, 'en');
    expect(translator.fixedT('fr')).toBe(translator.fixedT('fr'));
    expect(translator.fixedT('fr')('plain')).toBe('Bonjour');
    translator.addTexts('en', { plain: 'Replaced?', extra: { line: 'Added' } });
    expect(translator.t('plain')).toBe('Hello');
    expect(translator.t('extra.line')).toBe('Added');
    // the texts given at the start are copied, not changed
    expect(SAMPLE).not.toHaveProperty('extra');
  });
});
