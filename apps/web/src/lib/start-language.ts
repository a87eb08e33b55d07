// The language of the first render (spec 1 §2); lib/i18n.ts starts in it. The two the portal speaks: @portal/i18n.
import type { Lang } from '@portal/i18n/languages';

export { LANGS, type Lang, toLang } from '@portal/i18n/languages';

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
export const LANG_STORAGE_KEY = 'ui_language';

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
