import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from './message-keys.ts';

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message keys', () => {
  it.each(MESSAGE_KEYS.map((k) => [k]))('%s exists in en and fr with the same placeholders', (key) => {
    const e = lookup(en, key);
    const f = lookup(fr, key);
    expect(typeof e, `en ${key}`).toBe('string');
    expect(typeof f, `fr ${key}`).toBe('string');
    expect(placeholders(f as string)).toEqual(placeholders(e as string));
  });

  it('lives only under the validation, errors and domain namespaces', () => {
    for (const key of MESSAGE_KEYS) expect(['validation', 'errors', 'domain']).toContain(key.split('.')[0]);
  });

  it('has no duplicate keys', () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
  });

  it.each([
    ['validation.requiredField', 'Required Field'],
    ['validation.cardNumber.invalid', 'Invalid Card Number'],
    ['validation.cardExpiry.invalid', 'Invalid Card Expiry'],
    ['validation.cardCvv.invalid', 'Invalid Card CVV'],
    ['validation.postalCode.invalid', 'Invalid Postal/Zip Code'],
    ['validation.bankAccount.invalid', 'Invalid Bank Account Number'],
    ['validation.password.mismatch', 'Passwords do not match'],
    ['errors.currentPasswordWrong', 'The current password you entered is wrong!'],
    ['domain.payment.loadhubMax', 'Cannot exceed $1993 for Cash payments.'],
    ['domain.paymentMethod.selectValid', 'Please select a valid payment method'],
    ['domain.paymentMethod.notEnabled', "Your property manager hasn't enabled some of the payment methods!"],
    [
      'domain.paymentMethod.blocked',
      '{{method}} payments have been blocked by your Property Manager. Please select an alternative payment method.',
    ],
    [
      'validation.password.complexity',
      'Insufficient Password complexity. Minimum 8 characters with at least one number, upper and lower case character is required.',
    ],
    ['errors.receiptFailure', 'There was an error attempting to process this transaction'],
    ['errors.paypalPayLater', 'PayPal Pay Later may not be available in your jurisdiction.'],
    [
      'errors.walletNoLinkedMethod',
      'Cannot make payment because no payment method is linked to Wallet. Please login to wallet and add payment method.',
    ],
  ])('%s keeps the exact English text of the spec', (key, text) => {
    expect(lookup(en, key)).toBe(text);
  });
});
