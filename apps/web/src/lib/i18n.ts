// react-i18next with locales/en.json and fr.json; language follows the browser, falling back to English (spec 1 §2),
// unless this device last showed another one.
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
// English (also the fallback) is bundled by section: the sections any route may show are here; a section that only
// one lazily loaded screen shows (LAZY_EN_SECTIONS) comes with that screen's chunk, which registers it with addEnglish
// (issue 2 bundle budget). A new top-level section goes in one of the two lists (i18n.test.ts checks).
import { auth, broadcast, common, dashboard, domain, errors, shell, validation } from '../locales/en.json';

export const EN_BASE = { common, validation, domain, errors, dashboard, shell, auth, broadcast };
export const LAZY_EN_SECTIONS = [
  'account',
  'admin',
  'applicationForm',
  'applications',
  'autopay',
  'notifications',
  'payments',
  'receipt',
  'signup',
  'terms',
] as const;
// Texts only the server sends (its refusal messages, in the caller's language: apps/api/src/lib/i18n.ts): never bundled.
export const SERVER_ONLY_SECTIONS = ['server'] as const;

export type Lang = 'en' | 'fr';
export const LANGS: Lang[] = ['en', 'fr'];

export function browserLanguage(): Lang {
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const l of langs) {
    const base = l?.toLowerCase().slice(0, 2);
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

// The language last shown on this device, saved on every change: a reload paints in it at once, before the customer
// record (whose languageCode then confirms or corrects it) has loaded (issue 9: no flash of English on reload).
const LANG_STORAGE_KEY = 'ui_language';

export function storedLanguage(): Lang | null {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return value === 'en' || value === 'fr' ? value : null;
  } catch {
    return null; // storage blocked: the browser's language then
  }
}

/** The first render's language: the one last shown on this device, else the browser's (spec 1 §2). */
export function startLanguage(): Lang {
  return storedLanguage() ?? browserLanguage();
}

/** spec 1 §4: locale comes from languageCode (en or fr, else en). */
export function toLang(code: string | null | undefined): Lang {
  return code === 'fr' ? 'fr' : 'en';
}

// French loads on demand (the whole file), so a route carries one language, not both.
// changeLanguage('fr') waits for the French file before switching.
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, _ns, done) => {
    if (lng !== 'fr') return done(null, {});
    import('../locales/fr.json').then(
      (m) => done(null, m.default),
      (err) => done(err, false),
    );
  },
};

/** Resolves once the start language's texts are loaded (main.tsx renders after it). */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    // A copy: addEnglish merges into the object i18next holds.
    resources: { en: { translation: { ...EN_BASE } } },
    partialBundledLanguages: true,
    // English is ready synchronously (tests and the first render rely on it).
    initAsync: false,
    lng: startLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    // No advertisement in the tenant's browser console (i18next 25 prints one on init otherwise).
    showSupportNotice: false,
  });

/** Adds the English section(s) of a lazily loaded screen; call it at the top level of that screen's module. */
export function addEnglish(sections: Partial<Record<(typeof LAZY_EN_SECTIONS)[number], object>>): void {
  i18n.addResourceBundle('en', 'translation', sections, true, false);
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, toLang(lng));
  } catch {
    // storage blocked: the next load starts from the browser's language
  }
});
document.documentElement.lang = i18n.language;

export default i18n;
