// How a refusal of the card and bank processor becomes the portal's answer (spec 1 §8 "Payments" and "Adding methods";
// issue 20 §3: one mapping for adding a method, paying, the ledger's FAILED rows and the web's refusal handling).

/** Why the processor refused (the processor adapter reports one of these with its own code). */
export const PROCESSOR_REFUSALS = [
  'DECLINED',
  'EXPIRED_CARD',
  'INSUFFICIENT_FUNDS',
  'CARD_EXISTS',
  'INVALID_COUNTRY',
  'INVALID_CVV',
  'INVALID_CARD_NUMBER',
  'INVALID_ROUTING_NUMBER',
  'INVALID_ACCOUNT_NUMBER',
  'TOKEN_NOT_FOUND',
  'IDEMPOTENCY_CONFLICT',
  'INVALID_AMOUNT',
] as const;
export type ProcessorRefusal = (typeof PROCESSOR_REFUSALS)[number];

/** A refusal as the processor reports it: its code (paysafe.7503, paysafe.5068, RM_ERROR_…), reason, text, status. */
export interface ProcessorRefusalReport {
  code: string;
  reason: ProcessorRefusal;
  message: string;
  httpStatus?: number;
}

/** The portal's answer: the envelope's errorCode and message key (a server.* text of the locale files), its status. */
export interface RefusalAnswer {
  errorCode: string;
  message: string;
  statusCode?: number;
}

// spec 1 §8 "Adding methods": the processor's code is kept (the client's mappings read paysafe.7503 and paysafe.5068)
// and each text still names the field those mappings look for ('country:invalid value', 'card.cvv:', 'routingNumber').
const METHOD_REFUSAL_MESSAGES: Record<ProcessorRefusal, string> = {
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

/** spec 1 §8 "Adding methods": a card or bank account the processor refused to save. */
export function methodRefusalAnswer(refusal: Pick<ProcessorRefusalReport, 'code' | 'reason' | 'httpStatus'>): RefusalAnswer {
  return {
    errorCode: refusal.code,
    message: METHOD_REFUSAL_MESSAGES[refusal.reason],
    ...(refusal.httpStatus ? { statusCode: refusal.httpStatus } : {}),
  };
}

/** What a refused charge is in the ledger and to the tenant: insufficient funds, or declined (every other reason). */
export type ChargeRefusal = 'DECLINED' | 'INSUFFICIENT_FUNDS';

// spec 1 §8 "Payments": a refused charge is insufficient funds or a decline; both send the tenant to another method
export function chargeRefusalOf(reason: ProcessorRefusal): ChargeRefusal {
  return reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
}

/** The refusal kept on a FAILED ledger row ("code:reason:text"), read back by the retry, the recovery and the jobs. */
export function refusalRecord(refusal: { code: string; reason: string; message: string }): string {
  return `${refusal.code}:${refusal.reason}:${refusal.message}`;
}

/** The refusal a FAILED ledger row records (its error text, as refusalRecord writes it; older rows named it anywhere). */
export function chargeRefusalOfRecord(error: string | null | undefined): ChargeRefusal {
  return (error ?? '').includes('INSUFFICIENT_FUNDS') ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
}

const PAYMENT_REFUSAL_ANSWERS: Record<ChargeRefusal, RefusalAnswer> = {
  DECLINED: { errorCode: 'RM_ERROR_PAYMENT_DECLINED', message: 'server.payments.declined', statusCode: 402 },
  INSUFFICIENT_FUNDS: {
    errorCode: 'RM_ERROR_INSUFFICIENT_FUNDS',
    message: 'server.payments.insufficientFunds',
    statusCode: 402,
  },
};

/** spec 1 §8 "Payments": the answer to a refused payment (402). */
export function paymentRefusalAnswer(refusal: ChargeRefusal): RefusalAnswer {
  return PAYMENT_REFUSAL_ANSWERS[refusal];
}

const PAYMENT_REFUSAL_CODES: ReadonlySet<string> = new Set(Object.values(PAYMENT_REFUSAL_ANSWERS).map((a) => a.errorCode));

/** spec 1 §8: the processor refused the payment: the tenant goes back to choose another method (the web's reading). */
export function isPaymentRefusal(errorCode: string | null | undefined): boolean {
  return errorCode != null && PAYMENT_REFUSAL_CODES.has(errorCode);
}
