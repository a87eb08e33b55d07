import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { describe, expect, it } from 'vitest';
import {
  chargeRefusalOf,
  chargeRefusalOfRecord,
  isPaymentRefusal,
  methodRefusalAnswer,
  PROCESSOR_REFUSALS,
  type ProcessorRefusal,
  paymentRefusalAnswer,
  refusalRecord,
} from './processor-refusals.ts';

const textOf = (messages: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

// spec 1 §8: one row per processor reason: the method answer (code kept), the payment outcome and its answer
const rows: [ProcessorRefusal, string, 'DECLINED' | 'INSUFFICIENT_FUNDS'][] = [
  ['DECLINED', 'server.paymentMethods.cardDeclined', 'DECLINED'],
  ['EXPIRED_CARD', 'server.paymentMethods.cardExpired', 'DECLINED'],
  ['INSUFFICIENT_FUNDS', 'server.paymentMethods.insufficientFunds', 'INSUFFICIENT_FUNDS'],
  ['CARD_EXISTS', 'server.paymentMethods.cardExists', 'DECLINED'],
  ['INVALID_COUNTRY', 'server.paymentMethods.countryInvalid', 'DECLINED'],
  ['INVALID_CVV', 'server.paymentMethods.cvvInvalid', 'DECLINED'],
  ['INVALID_CARD_NUMBER', 'server.paymentMethods.cardNumberRefused', 'DECLINED'],
  ['INVALID_ROUTING_NUMBER', 'server.paymentMethods.routingNumberInvalid', 'DECLINED'],
  ['INVALID_ACCOUNT_NUMBER', 'server.paymentMethods.accountNumberInvalid', 'DECLINED'],
  ['TOKEN_NOT_FOUND', 'server.paymentMethods.paymentTokenInvalid', 'DECLINED'],
  ['IDEMPOTENCY_CONFLICT', 'server.paymentMethods.processorFailed', 'DECLINED'],
  ['INVALID_AMOUNT', 'server.paymentMethods.processorFailed', 'DECLINED'],
];

describe('a processor refusal as the portal answers it (spec 1 §8)', () => {
  it('every reason has a row', () => {
    expect(rows.map((r) => r[0]).sort()).toEqual([...PROCESSOR_REFUSALS].sort());
  });

  it.each(rows)('%s: adding a method answers %s; a payment is %s', (reason, methodMessage, payment) => {
    expect(methodRefusalAnswer({ code: 'paysafe.5068', reason, httpStatus: 400 })).toEqual({
      errorCode: 'paysafe.5068',
      message: methodMessage,
      statusCode: 400,
    });
    expect(chargeRefusalOf(reason)).toBe(payment);
    // the FAILED row's record reads back as the same refusal (the retry, the recovery and the jobs answer from it)
    const record = refusalRecord({ code: 'RM_ERROR_PAYMENT_DECLINED', reason, message: 'refused' });
    expect(record).toBe(`RM_ERROR_PAYMENT_DECLINED:${reason}:refused`);
    expect(chargeRefusalOfRecord(record)).toBe(payment);
  });

  it('a method refusal without a status keeps the code and leaves the status to the error code', () => {
    expect(methodRefusalAnswer({ code: 'paysafe.7503', reason: 'CARD_EXISTS' })).toEqual({
      errorCode: 'paysafe.7503',
      message: 'server.paymentMethods.cardExists',
    });
  });

  it.each([
    ['DECLINED', 'RM_ERROR_PAYMENT_DECLINED', 'server.payments.declined'],
    ['INSUFFICIENT_FUNDS', 'RM_ERROR_INSUFFICIENT_FUNDS', 'server.payments.insufficientFunds'],
  ] as const)('a payment refused as %s answers 402 %s', (refusal, errorCode, message) => {
    expect(paymentRefusalAnswer(refusal)).toEqual({ errorCode, message, statusCode: 402 });
    expect(isPaymentRefusal(errorCode)).toBe(true);
  });

  it.each([
    [null, 'DECLINED'],
    ['', 'DECLINED'],
    ['RM_ERROR_INSUFFICIENT_FUNDS:INSUFFICIENT_FUNDS:Insufficient funds', 'INSUFFICIENT_FUNDS'],
    ['RM_ERROR_PAYMENT_DECLINED:DECLINED:Card declined', 'DECLINED'],
  ] as const)('the record %j reads as %s', (record, refusal) => {
    expect(chargeRefusalOfRecord(record)).toBe(refusal);
  });

  it.each([['RM_ERROR_OVER_PAYMENT_NOT_ALLOWED'], ['paysafe.5068'], [null]])('%s is not a refused payment', (code) => {
    expect(isPaymentRefusal(code)).toBe(false);
  });

  it('every message is a text of both languages', () => {
    const keys = [
      ...rows.map((r) => r[1]),
      paymentRefusalAnswer('DECLINED').message,
      paymentRefusalAnswer('INSUFFICIENT_FUNDS').message,
    ];
    for (const key of keys) {
      expect(typeof textOf(en, key), key).toBe('string');
      expect(typeof textOf(fr, key), key).toBe('string');
    }
  });
});
