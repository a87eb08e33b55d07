// A processor refusal as the portal answers it (spec 1 §8 "Adding methods"): the processor's code is kept (paysafe.7503,
// paysafe.5068, RM_ERROR_PAYMENT_DECLINED …) and the message is a translated text that still carries the field the
// client's mappings look for ('country:invalid value', 'card.cvv:', 'routingNumber', 'accountNumber').
import { AppError } from '../../lib/app-error.ts';
import { ProcessorError, type ProcessorRefusal } from '../../providers/processor/processor.ts';

const MESSAGE_KEYS: Record<ProcessorRefusal, string> = {
  DECLINED: 'server.paymentMethods.cardDeclined',
  EXPIRED_CARD: 'server.paymentMethods.cardExpired',
  INSUFFICIENT_FUNDS: 'server.paymentMethods.insufficientFunds',
  CARD_EXISTS: 'server.paymentMethods.cardExists',
  INVALID_COUNTRY: 'server.paymentMethods.countryInvalid',
  INVALID_CVV: 'server.paymentMethods.cvvInvalid',
  INVALID_CARD_NUMBER: 'server.paymentMethods.cardNumberRefused',
  INVALID_ROUTING_NUMBER: 'server.paymentMethods.routingNumberInvalid',
  INVALID_ACCOUNT_NUMBER: 'server.paymentMethods.accountNumberInvalid',
  TOKEN_NOT_FOUND: 'server.paymentMethods.paymentTokenInvalid',
  IDEMPOTENCY_CONFLICT: 'server.paymentMethods.processorFailed',
  INVALID_AMOUNT: 'server.paymentMethods.processorFailed',
};

export function processorAppError(err: ProcessorError): AppError {
  return new AppError(err.code, MESSAGE_KEYS[err.reason], { statusCode: err.httpStatus });
}

/** Runs a processor call; its refusals become the portal's answers, anything else stays an internal error. */
export async function askProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProcessorError) throw processorAppError(err);
    throw err;
  }
}

/** spec 1 §8: paysafe.7503 'credit-exists', also when the tenant saves the same card twice. */
export const cardExistsError = () => new AppError('paysafe.7503', 'server.paymentMethods.cardExists', { statusCode: 409 });
