import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from './error-schemas.ts';
import {
  describeFieldErrors,
  ERROR_CODE,
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  httpStatusForErrorCode,
  isSessionEndingAnswer,
  mapAddBankAccountError,
  mapAddCardError,
  mapAddWalletError,
  mapAutopaySaveError,
  mapCashSlipError,
  mapCreditReportingError,
  mapDeletePaymentMethodError,
  mapErrorCodeAlert,
  mapGenericError,
  mapInstalmentInitError,
  mapInsuranceQuoteError,
  mapInsuranceSaveError,
  mapMissingReport,
  mapPasswordChangeAnswer,
  mapPaymentError,
  mapProfileSaveError,
  mapRedirectError,
  mapSapNotFound,
  mapSaveListError,
  mapUploadReply,
  type ServerAnswer,
} from './errors.ts';

const msg = (message: string) => ({ key: 'errors.serverMessage', values: { message } });

describe('error codes and envelope', () => {
  it('every code has an HTTP status', () => {
    for (const code of ERROR_CODES) expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_CODE.RM_ERROR_SYSTEM).toBe('RM_ERROR_SYSTEM');
  });
  it.each([
    ['RM_ERROR_RECORD_VALIDATION', 400],
    ['RM_ERROR_RECORD_NOT_FOUND', 404],
    ['RM_ERROR_TOO_MANY_REQUESTS', 429],
    ['RM_ERROR_ACCESS_TOKEN_EXPIRED', 401],
    ['paysafe.7503', 409],
    ['paysafe.5068', 400],
    ['paysafe.9999', 402],
    ['RM_ERROR_MERCHANT_NOT_CONFIGURED', 422],
    ['WHATEVER', 500],
  ])('%s → %i', (code, status) => {
    expect(httpStatusForErrorCode(code)).toBe(status);
  });
  it('validates the envelope', () => {
    expect(errorEnvelopeSchema.safeParse({ errorCode: 'RM_ERROR_SYSTEM', message: 'x' }).success).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse({
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'x',
        fieldErrors: [{ field: 'amount', message: 'bad', fieldValue: -1 }],
      }).success,
    ).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ errorCode: '', message: 'x' }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
  it('describes field errors', () => {
    expect(
      describeFieldErrors([
        { field: 'a', message: 'x' },
        { field: 'b', message: 'y' },
      ]),
    ).toBe('a: x; b: y');
    expect(describeFieldErrors(undefined)).toBe('');
  });
});

describe('session', () => {
  it.each([
    [{ message: 'Access token expired' }, true],
    [{ message: 'Access token invalid' }, true],
    [{ errorCode: 'RM_ERROR_ACCESS_TOKEN_EXPIRED' }, true],
    [{ errorCode: 'RM_ERROR_ACCESS_TOKEN_INVALID' }, true],
    [{ errorCode: 'RM_ERROR_UNAUTHORIZED', message: 'nope' }, false],
  ])('%j → %s', (a, ends) => {
    expect(isSessionEndingAnswer(a)).toBe(ends);
  });
});

describe('profile and password', () => {
  it.each([
    [{ errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST', message: 'exists' }, { key: 'errors.emailExists' }],
    [{ errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'Bad phone' }, msg('Bad phone')],
    [{ errorCode: 'RM_ERROR_SYSTEM' }, { key: 'errors.genericTryAgain' }],
  ])('profile save %j', (a, out) => {
    expect(mapProfileSaveError(a)).toEqual(out);
  });
  it.each([
    [{ errorCode: 'RM_ERROR_INVALID_CREDENTIALS' }, { ok: false, key: 'errors.currentPasswordWrong', field: 'password' }],
    [
      { errorCode: 'RM_ERROR_RECORD_VALIDATION' },
      { ok: false, key: 'validation.password.mismatch', field: 'confirmNewPassword' },
    ],
    [{ errorCode: 'RM_ERROR_PASSWORD_COMPLEXITY' }, { ok: false, key: 'validation.password.complexity', field: 'newPassword' }],
    [{ result: 'SUCCESS' }, { ok: true, key: 'domain.password.changed' }],
    [{}, { ok: true, key: 'domain.password.changed' }],
    [
      { result: 'FAILURE', message: 'Nope' },
      { ok: false, ...msg('Nope') },
    ],
    [{ errorCode: 'RM_ERROR_SYSTEM' }, { ok: false, key: 'errors.genericTryAgain' }],
  ])('password change %j', (a, out) => {
    expect(mapPasswordChangeAnswer(a)).toEqual(out);
  });
});

describe('mapPaymentError', () => {
  const ctx = { hasOpenCharges: true, overpaymentAllowed: 'NO' as const, payableNowCents: 125000, enteredCents: 500 };
  it.each([
    [
      { errorCode: 'RM_ERROR_OVER_PAYMENT_NOT_ALLOWED' },
      ctx,
      { key: 'domain.payment.overpayFutureCharges', values: { amount: '$1,250.00' } },
    ],
    [
      { errorCode: 'RM_ERROR_OVER_PAYMENT_NOT_ALLOWED' },
      { ...ctx, hasOpenCharges: false },
      { key: 'domain.payment.overpayNotAllowed' },
    ],
    [
      { errorCode: 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED' },
      ctx,
      { key: 'domain.payment.disabledPartialPaymentsOverpayments', values: { amount: '$1,250.00' } },
    ],
    [
      { errorCode: 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED' },
      { ...ctx, overpaymentAllowed: 'YES' as const },
      { key: 'domain.payment.disabledPartialPayments' },
    ],
    [
      { errorCode: 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED' },
      { ...ctx, overpaymentAllowed: true },
      { key: 'domain.payment.disabledPartialPayments' },
    ],
    [
      { errorCode: 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED' },
      { ...ctx, hasOpenCharges: false },
      { key: 'domain.payment.disabledPartialPayments' },
    ],
    [
      {
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'Negative amount on PAYMENT transaction',
        fieldErrors: [{ field: 'amount', errorCode: 'RM_ERROR_INVALID_AMOUNT', message: 'x', fieldValue: -4.5 }],
      },
      ctx,
      { key: 'domain.payment.minAmountAlert', values: { amount: '$9.50' } },
    ],
    [
      {
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'Negative amount on PAYMENT transaction',
        fieldErrors: [{ field: 'amount', errorCode: 'OTHER', message: 'x', fieldValue: -4.5 }],
      },
      ctx,
      msg('Negative amount on PAYMENT transaction'),
    ],
    [{ errorCode: 'RM_ERROR_SYSTEM', message: 'Processor down' }, ctx, msg('Processor down')],
    [{}, ctx, { key: 'errors.receiptFailure' }],
  ] as [ServerAnswer, Parameters<typeof mapPaymentError>[1], unknown][])('%j', (a, c, out) => {
    expect(mapPaymentError(a, c)).toEqual(out);
  });
  it('formats in the reader locale', () => {
    const r = mapPaymentError(
      { errorCode: 'RM_ERROR_OVER_PAYMENT_NOT_ALLOWED' },
      { ...ctx, display: { currency: 'CAD', locale: 'fr' } },
    );
    expect(String(r.values?.amount).replace(/[\u00a0\u202f]/g, ' ')).toBe('1 250,00 $');
  });
  it('other payment-flow alerts', () => {
    expect(mapRedirectError({ errorCode: 'PAYSAFE_DOWN' })).toEqual({
      key: 'errors.redirectFailed',
      values: { errorCode: 'PAYSAFE_DOWN' },
    });
    expect(mapRedirectError({})).toEqual({ key: 'errors.redirectFailed', values: { errorCode: '' } });
    expect(mapCashSlipError({ message: 'Slip gone' })).toEqual(msg('Slip gone'));
    expect(mapCashSlipError({})).toEqual({ key: 'errors.genericContactSupport' });
    expect(mapInstalmentInitError({})).toEqual({ key: 'errors.systemError' });
  });
});

describe('adding methods', () => {
  it.each([
    [
      { errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'x', fieldErrors: [{ field: 'routingNumber', message: 'bad' }] },
      { key: 'errors.invalidRoute' },
    ],
    [
      { errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'x', fieldErrors: [{ field: 'transit', message: 'Invalid format' }] },
      { key: 'errors.invalidRoute' },
    ],
    [
      { errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'x', fieldErrors: [{ field: 'accountHolder', message: 'Required' }] },
      msg('accountHolder: Required'),
    ],
    [{ errorCode: 'paysafe.5068', message: 'Field error: routingNumber invalid' }, { key: 'errors.invalidRoute' }],
    [{ errorCode: 'paysafe.5068', message: 'Field error: accountNumber invalid' }, { key: 'errors.invalidAccountNumber' }],
    [{ errorCode: 'paysafe.5068', message: 'Error [Bank rejected the account]' }, msg('Bank rejected the account')],
    [{ errorCode: 'paysafe.5068', message: 'Something' }, { key: 'errors.genericTryAgain' }],
    [{ errorCode: 'RM_ERROR_SYSTEM', message: 'x' }, { key: 'errors.genericAddBank' }],
  ])('bank %j', (a, out) => {
    expect(mapAddBankAccountError(a)).toEqual(out);
  });
  it.each([
    [{ errorCode: 'paysafe.7503', message: 'dup' }, { key: 'errors.creditExists' }],
    [{ errorCode: 'paysafe.5068', message: 'billingDetails.country:invalid value' }, { key: 'errors.invalidCountry' }],
    [{ errorCode: 'paysafe.5068', message: 'card.cvv: must be 3 digits' }, { key: 'validation.cardCvv.invalid' }],
    [{ errorCode: 'paysafe.5068', message: 'other' }, msg('other')],
    [
      {
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'x',
        fieldErrors: [
          { field: 'cardNumber', message: 'bad' },
          { field: 'cvv', message: 'short' },
        ],
      },
      msg('cardNumber: bad; cvv: short'),
    ],
    [{ errorCode: 'RM_ERROR_SYSTEM', message: 'Processor down' }, msg('Processor down')],
    [{ message: 'no code' }, { key: 'errors.genericCreditCard' }],
    [{}, { key: 'errors.genericCreditCard' }],
  ])('card %j', (a, out) => {
    expect(mapAddCardError(a)).toEqual(out);
  });
  it.each([
    [{ fieldErrors: [{ field: 'walletToken', message: 'expired' }] }, msg('walletToken: expired')],
    [{ message: 'No payment method linked to wallet' }, { key: 'errors.walletNoLinkedMethod' }],
    [{ message: 'other' }, { key: 'errors.genericAddWallet' }],
  ])('wallet %j', (a, out) => {
    expect(mapAddWalletError(a)).toEqual(out);
  });
});

describe('delete payment method', () => {
  it.each([
    [
      { errorCode: 'RM_ERROR_PAYMENT_METHOD_IN_USE', message: 'Used by recurring schedule 12' },
      { key: 'errors.autopaymentsCardNoDelete', closeDialog: true },
    ],
    [
      { errorCode: 'RM_ERROR_PAYMENT_METHOD_IN_USE', message: 'Linked to credit reporting' },
      { key: 'errors.creditReportingCardDelete', closeDialog: true },
    ],
    [
      { errorCode: 'RM_ERROR_PAYMENT_METHOD_IN_USE', message: 'In use' },
      { ...msg('In use'), closeDialog: true },
    ],
    [
      { errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: 'Not found' },
      { ...msg('Not found'), closeDialog: false },
    ],
  ])('%j', (a, out) => {
    expect(mapDeletePaymentMethodError(a)).toEqual(out);
  });
});

describe('services and others (spec 2 §8)', () => {
  it.each([
    [
      mapCreditReportingError,
      { errorCode: 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', message: 'x' },
      { key: 'errors.bankNotSupported' },
    ],
    [
      mapCreditReportingError,
      { errorCode: 'RM_ERROR_REQUIRED_FIELD', message: 'birthDate is required' },
      { key: 'errors.birthDateMissing' },
    ],
    [
      mapCreditReportingError,
      { errorCode: 'RM_ERROR_REQUIRED_FIELD', message: 'start date is missing' },
      { key: 'errors.leaseStartMissing' },
    ],
    // issue 22: a French answer names the field instead of carrying the English phrase
    [
      mapCreditReportingError,
      {
        errorCode: 'RM_ERROR_REQUIRED_FIELD',
        message: 'Votre date de naissance est requise',
        fieldErrors: [{ field: 'birthDate', message: 'Votre date de naissance est requise' }],
      },
      { key: 'errors.birthDateMissing' },
    ],
    [
      mapCreditReportingError,
      {
        errorCode: 'RM_ERROR_REQUIRED_FIELD',
        message: 'La date de début de votre bail est manquante.',
        fieldErrors: [{ field: 'startDate', message: 'La date de début de votre bail est manquante.' }],
      },
      { key: 'errors.leaseStartMissing' },
    ],
    [mapCreditReportingError, { errorCode: 'RM_ERROR_REQUIRED_FIELD', message: 'unit is required' }, msg('unit is required')],
    [mapCreditReportingError, { errorCode: 'RM_ERROR_REQUIRED_FIELD' }, { key: 'errors.genericTryAgain' }],
    [mapInsuranceSaveError, { errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST', message: 'x' }, { key: 'errors.insuranceExists' }],
    [mapInsuranceSaveError, { errorCode: 'RM_ERROR_SYSTEM', message: 'down' }, msg('down')],
    [mapInsuranceQuoteError, { message: 'Building type required' }, { key: 'errors.quoteUnavailable' }],
    [
      mapInsuranceQuoteError,
      { errorCode: 'RM_ERROR_QUOTE_UNAVAILABLE', message: 'Contact support' },
      { key: 'errors.quoteUnavailable' },
    ],
    [mapInsuranceQuoteError, {}, { key: 'errors.genericTryAgain' }],
    [mapGenericError, { message: '  ' }, { key: 'errors.genericTryAgain' }],
    [
      mapErrorCodeAlert,
      { errorCode: 'RM_ERROR_FORBIDDEN' },
      { key: 'errors.withErrorCode', values: { errorCode: 'RM_ERROR_FORBIDDEN' } },
    ],
    [mapErrorCodeAlert, {}, { key: 'errors.withErrorCode', values: { errorCode: '' } }],
  ] as [(a: ServerAnswer) => unknown, ServerAnswer, unknown][])('%o %j', (fn, a, out) => {
    expect(fn(a)).toEqual(out);
  });
  it('autopay, save-list, upload, SAP and reports', () => {
    expect(mapAutopaySaveError({ message: 'Start date must be before today' }, 'create')).toEqual({
      key: 'errors.dateBeforeToday',
    });
    expect(mapAutopaySaveError({}, 'create')).toEqual({ key: 'errors.autopaySaveFailed' });
    expect(mapAutopaySaveError({ message: 'x' }, 'update')).toEqual({ key: 'errors.autopaySaveFailed' });
    expect(mapSaveListError({ errorCode: 'RM_ERROR_SYSTEM' })).toEqual([
      { key: 'errors.saveListFailed', values: { errorCode: 'RM_ERROR_SYSTEM' } },
      { key: 'errors.chargesSaveFailed' },
    ]);
    expect(mapSaveListError({})[0].values).toEqual({ errorCode: '' });
    expect(mapUploadReply({ id: 'd1' })).toBeNull();
    expect(mapUploadReply({ id: 0 })).toBeNull();
    expect(mapUploadReply({})).toEqual({ key: 'validation.upload.fileNameTooLong' });
    expect(mapUploadReply({ id: '' })).toEqual({ key: 'validation.upload.fileNameTooLong' });
    expect(mapUploadReply(null)).toEqual({ key: 'validation.upload.fileNameTooLong' });
    expect(mapSapNotFound('customerNumber')).toEqual({ key: 'errors.sapNoProperty' });
    expect(mapSapNotFound('email')).toEqual({ key: 'errors.sapNoIntegrationCustomer' });
    expect(mapMissingReport('credit')).toEqual({ key: 'errors.reportUnavailable.credit' });
    expect(mapMissingReport('background')).toEqual({ key: 'errors.reportUnavailable.background' });
    expect(mapMissingReport('income')).toEqual({ key: 'errors.reportUnavailable.income' });
  });
});
