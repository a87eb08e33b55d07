// English is bundled by section (issue 2 bundle budget): each top-level section of en.json is either in the English
// every route carries or registered by the one lazily loaded screen that shows it — never missing, never both.
import en from '@portal/i18n/locales/en.json';
import { describe, expect, it } from 'vitest';
import { EN_BASE, LAZY_EN_SECTIONS, SERVER_ONLY_SECTIONS } from './i18n';

describe('English sections', () => {
  it('covers every top-level section of en.json exactly once', () => {
    const base = Object.keys(EN_BASE);
    const lazy: string[] = [...LAZY_EN_SECTIONS, ...SERVER_ONLY_SECTIONS];
    expect(base.filter((s) => lazy.includes(s))).toEqual([]);
    expect([...base, ...lazy].sort()).toEqual(Object.keys(en).sort());
  });

  it('bundles the sections as they are in en.json', () => {
    for (const [name, section] of Object.entries(EN_BASE)) expect(section).toEqual(en[name as keyof typeof en]);
  });
});

describe('start language (issue 9: no flash of English on reload)', () => {
  it('is the language this device last showed, else the browser language', async () => {
    const { default: i18n, startLanguage, storedLanguage } = await import('./i18n');
    localStorage.removeItem('ui_language');
    expect(storedLanguage()).toBeNull();
    expect(startLanguage()).toBe('en'); // the test DOM's browser language
    await i18n.changeLanguage('fr');
    expect(localStorage.getItem('ui_language')).toBe('fr');
    expect(startLanguage()).toBe('fr');
    await i18n.changeLanguage('en');
    expect(startLanguage()).toBe('en');
    localStorage.setItem('ui_language', 'de');
    expect(storedLanguage()).toBeNull();
  });
});
