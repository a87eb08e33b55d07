// issue 21 §1: a throttled sign-in says when to come back, in seconds under a minute, else in minutes with the clock time.
import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { type Resources, Translator } from '@portal/i18n/translator';
import { describe, expect, it } from 'vitest';
import { throttledMessage } from './throttled-message';

const translator = new Translator({
  resources: { en: en as Resources, fr: fr as Resources },
  language: 'en',
  load: async () => ({}),
});
const now = new Date('2026-11-27T14:20:10Z');

describe('throttledMessage', () => {
  it.each([
    ['en', null, 'Too many sign-in attempts. Please wait a moment and try again.'],
    ['en', 1, 'Too many sign-in attempts. Try again in 1 second.'],
    ['en', 16, 'Too many sign-in attempts. Try again in 16 seconds.'],
    ['en', 60, 'Too many sign-in attempts. For your security, try again in 1 minute (at 2:21 p.m.).'],
    ['en', 900, 'Too many sign-in attempts. For your security, try again in 15 minutes (at 2:35 p.m.).'],
    ['fr', 16, 'Trop de tentatives de connexion. Réessayez dans 16 secondes.'],
    ['fr', 128, 'Trop de tentatives de connexion. Pour votre sécurité, réessayez dans 3 minutes (à 14 h 22).'],
  ] as const)('%s, Retry-After %s s', (lang, seconds, text) => {
    const t = translator.fixedT(lang);
    expect(throttledMessage(seconds, t, lang, now, 'UTC').replace(/\s/g, ' ')).toBe(text);
  });
});
