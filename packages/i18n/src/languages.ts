// The two languages the portal speaks (spec 1 §2: English and French, English the fallback), for the web and the API.
export type Lang = 'en' | 'fr';
export const LANGS: Lang[] = ['en', 'fr'];

/** spec 1 §4: locale comes from languageCode (en or fr, else en). */
export function toLang(code: string | null | undefined): Lang {
  return code === 'fr' ? 'fr' : 'en';
}
