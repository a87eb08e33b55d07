// English sections imported by the lazily loaded screens that own them (lib/i18n.ts, addEnglish): the `?lazy` query
// makes Vite build a separate module from en.json (@portal/i18n), of which only the imported section stays in that
// screen's chunk.
declare module '*/locales/en.json?lazy' {
  const en: typeof import('@portal/i18n/locales/en.json');
  export = en;
}
