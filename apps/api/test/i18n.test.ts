// Server texts in the caller's language (lib/i18n.ts): @portal/i18n's locale files and translator, as the web's.
import { MSG } from '@portal/domain/message-keys';
import { describe, expect, it } from 'vitest';
import { acceptLanguage, isMessageKey, localize, requestLang, translate } from '../src/lib/i18n.ts';

describe('server i18n', () => {
  it('reads the caller language from Accept-Language, English otherwise', () => {
    expect(requestLang({ headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } })).toBe('fr');
    expect(requestLang({ headers: { 'accept-language': 'de-DE, en-US;q=0.5' } })).toBe('en');
    expect(requestLang({ headers: { 'accept-language': 'de' } })).toBe('en');
    expect(requestLang({ headers: {} })).toBe('en');
  });

  it('honours the q-values of Accept-Language (RFC 9110 §12.5.4; issue 20 §3)', () => {
    const lang = (header: string) => requestLang({ headers: { 'accept-language': header } });
    expect(lang('fr;q=0.1, en;q=0.9')).toBe('en');
    expect(lang('en;q=0.5, fr')).toBe('fr');
    expect(lang('fr-CA')).toBe('fr');
    expect(lang('*')).toBe('en');
    expect(lang('fr;q=0, *')).toBe('en');
  });

  it('lets the saved language decide where Accept-Language names neither (payment-method labels)', () => {
    expect(acceptLanguage({ headers: { 'accept-language': '*' } })).toBeNull();
    expect(acceptLanguage({ headers: { 'accept-language': 'de' } })).toBeNull();
    expect(acceptLanguage({ headers: { 'accept-language': 'de, fr;q=0.2' } })).toBe('fr');
  });

  it('leaves a placeholder no value names as written, as the web app does, and fills the others', () => {
    expect(translate('en', 'server.notifications.method.card', { brand: 'Visa' })).toBe('Visa card ending in {{last4}}');
    expect(translate('en', 'server.notifications.method.card', { brand: 'Visa', last4: undefined })).toBe('Visa card ending in ');
  });

  it('translates message keys with their values, in both languages', () => {
    expect(translate('en', MSG.requiredField)).toBe('Required Field');
    expect(translate('fr', MSG.requiredField)).not.toBe('Required Field');
    expect(translate('en', MSG.emailTooLong, { max: 255 })).toContain('255');
    expect(translate('fr', MSG.emailTooLong, { max: 255 })).toContain('255');
  });

  it('leaves plain texts alone and knows a key from a sentence', () => {
    expect(isMessageKey(MSG.cardNumberInvalid)).toBe(true);
    expect(isMessageKey('Payment method is used by an active recurring schedule')).toBe(false);
    expect(isMessageKey('validation.no.such.key')).toBe(false);
    expect(localize('fr', 'Access token invalid')).toBe('Access token invalid');
  });

  it('has a French text for every message key the domain rules answer with', () => {
    for (const key of Object.values(MSG)) {
      expect(isMessageKey(key), key).toBe(true);
      expect(translate('fr', key), key).not.toBe(key);
    }
  });
});
