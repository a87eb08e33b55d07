// issue 20 §3: the server's messages are filled in as the web app fills its own texts (one translator, @portal/i18n):
// the API's localize and this app's `t` give the same string for a key and its values, in both languages.
import { afterAll, describe, expect, it } from 'vitest';
import { localize, messageKeyOf } from '../../../api/src/lib/i18n.ts';
import i18n, { type TOptions } from './i18n';

const CASES: [key: string, values: TOptions][] = [
  ['domain.payment.cashBlocked', { max: '1 495,00 $ US' }],
  ['validation.currency.aboveLimit', { limit: '$20,000.00' }],
  ['server.payments.leaseNotPayable', { status: 'TERMINATED' }],
  ['server.autopay.paymentLocked', { date: '01-Aug-2025', lastChangeDate: '29-Jul-2025' }],
  ['server.input.tooDeep', { max: 0 }],
  ['server.notifications.method.card', { brand: 'Visa', last4: null }],
  // a placeholder no value names stays as written on both sides
  ['server.notifications.method.card', { brand: 'Visa' }],
  // `count` among the values: both look for plural forms the same way
  [
    'server.notifications.INSTALMENT_PAID.body',
    { number: 2, count: 3, property: 'Maple Court', amount: '412,50 $', method: 'Visa', date: '01-août-2025' },
  ],
];

describe('server messages, filled by the API and by the web app', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('are the same string for each key and values, in English and in French', async () => {
    await i18n.changeLanguage('fr');
    for (const lang of ['en', 'fr'] as const) {
      const t = i18n.fixedT(lang);
      for (const [key, values] of CASES) {
        const web = t(key, values);
        expect(web, `${lang} ${key}`).not.toBe(key);
        expect(localize(lang, key, values), `${lang} ${key} ${JSON.stringify(values)}`).toBe(web);
      }
    }
    expect(i18n.fixedT('fr')('domain.payment.cashBlocked', { max: '1 495,00 $ US' })).toBe(
      'Les paiements en espèces ne peuvent pas dépasser 1 495,00 $ US.',
    );
  });

  it('are the same for an English text of the server catalogue and its key, and for rule values under params', async () => {
    await i18n.changeLanguage('fr');
    const key = messageKeyOf('Payment method not found');
    expect(key).not.toBeNull();
    expect(localize('fr', 'Payment method not found')).toBe(i18n.fixedT('fr')(key as string));
    expect(localize('fr', 'server.input.tooDeep', { params: { max: 8 } })).toBe(
      i18n.fixedT('fr')('server.input.tooDeep', { max: 8 }),
    );
  });
});
