// The portal's texts: locales/en.json and fr.json and the translator of @portal/i18n (the API's too). The language
// follows the browser, falling back to English (spec 1 §2), unless this device last showed another one
// (lib/start-language.ts).
// biome-ignore-all assist/source/organizeImports: start-language before the translator, so the build puts the
// translator's class where it is used and inlines it (the first load's chunk was 12 bytes bigger the other way).
// English (also the fallback) is bundled by section: the sections any route may show are here; a section that only
// one lazily loaded screen shows (LAZY_EN_SECTIONS) comes with that screen's chunk, which registers it with addEnglish
// (issue 2 bundle budget). A new top-level section goes in one of the two lists (i18n.test.ts checks).
import { auth, broadcast, common, dashboard, domain, errors, shell, validation } from '@portal/i18n/locales/en.json';
import { LANG_STORAGE_KEY, startLanguage, toLang } from './start-language';
import { type Resources, type TFunction, Translator } from '@portal/i18n/translator';
import { useSyncExternalStore } from 'react';

export const EN_BASE = { common, validation, domain, errors, dashboard, shell, auth, broadcast };
export const LAZY_EN_SECTIONS = [
  'account',
  'admin',
  'applicationForm',
  'applications',
  'autopay',
  'creditReporting',
  'help',
  'insurance',
  'notifications',
  'payments',
  'receipt',
  'recovery',
  'services',
  'signup',
  'terms',
] as const;
// Texts only the server sends (its refusal messages, in the caller's language: apps/api/src/lib/i18n.ts): never bundled.
export const SERVER_ONLY_SECTIONS = ['server'] as const;

export {
  browserLanguage,
  LANG_STORAGE_KEY,
  LANGS,
  type Lang,
  startLanguage,
  storedLanguage,
  toLang,
} from './start-language';

/** The portal's translator (@portal/i18n). French loads on demand (the whole file), so a route carries one language. */
const i18n = new Translator({
  resources: { en: EN_BASE },
  language: startLanguage(),
  load: (lang) =>
    lang === 'fr' ? import('@portal/i18n/locales/fr.json').then((m) => m.default as Resources) : Promise.resolve({}),
});

/** Resolves once the start language's texts are loaded (main.tsx renders after it). */
export const i18nReady = i18n.ready;

/** Adds the English section(s) of a lazily loaded screen; call it at the top level of that screen's module. */
export function addEnglish(sections: Partial<Record<(typeof LAZY_EN_SECTIONS)[number], object>>): void {
  i18n.addTexts('en', sections as Resources);
}

i18n.onLanguageChanged((lng) => {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, toLang(lng));
  } catch {
    // storage blocked: the next load starts from the browser's language
  }
});
document.documentElement.lang = i18n.language;

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const currentLanguage = () => i18n.language;

/**
 * The texts of the language shown, for a component: `t` (the same function while the language stays) and the
 * translator itself (`i18n.language`, `i18n.changeLanguage`). The component renders again when the language changes.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: i18n.fixedT(language), i18n };
}

export type { TFunction, TOptions } from '@portal/i18n/translator';
export default i18n;
