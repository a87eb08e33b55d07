import type { YesNo } from './entities.ts';
import { MSG } from './message-keys.ts';
import { DEFAULT_MONEY_DISPLAY, formatWithDisplay, type MoneyDisplay, tryToCents } from './money.ts';
import type { MessageRef } from './rule.ts';

// spec 1 §8 / spec 2 §8 (ARCHITECTURE "Errors"): the error codes the provider backend answers with
export const ERROR_CODES = [
  'RM_ERROR_RECORD_VALIDATION',
  'RM_ERROR_RECORD_NOT_FOUND',
  'RM_ERROR_RECORD_ALREADY_EXIST',
  'RM_ERROR_INVALID_CREDENTIALS',
  'RM_ERROR_PASSWORD_COMPLEXITY',
  'RM_ERROR_ACCESS_TOKEN_EXPIRED',
  'RM_ERROR_ACCESS_TOKEN_INVALID',
  'RM_ERROR_UNAUTHORIZED',
  'RM_ERROR_FORBIDDEN',
  'RM_ERROR_TOO_MANY_REQUESTS',
  'RM_ERROR_OVER_PAYMENT_NOT_ALLOWED',
  'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED',
  'RM_ERROR_INVALID_AMOUNT',
  'RM_ERROR_PAYMENT_METHOD_IN_USE',
  'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
  'RM_ERROR_PAYMENT_METHOD_BLOCKED',
  'RM_ERROR_PAYMENT_DECLINED',
  'RM_ERROR_INSUFFICIENT_FUNDS',
  'RM_ERROR_IDEMPOTENCY_CONFLICT',
  'RM_ERROR_LEASE_NOT_PAYABLE',
  'RM_ERROR_MERCHANT_NOT_CONFIGURED',
  'RM_ERROR_REQUIRED_FIELD',
  'RM_ERROR_SYSTEM',
  'RM_ERROR_FILE_TOO_LARGE',
  'RM_ERROR_FILE_TYPE',
  'RM_ERROR_FILE_NAME_TOO_LONG',
  // issue 9: a request body over the size limit (413)
  'RM_ERROR_REQUEST_TOO_LARGE',
  // issue 9 "Fair use": a customer's documents would go over their storage quota (413, like a file too large)
  'RM_ERROR_STORAGE_QUOTA_EXCEEDED',
  // issue 10 / spec 2 §9: a recurring payment is changed or disabled less than 2 full business days before its date
  'RM_ERROR_RECURRING_PAYMENT_LOCKED',
  // issue 11: lease applications, screenings, self sign-up and the SAP integration
  'RM_ERROR_TOO_MANY_APPLICATIONS',
  'RM_ERROR_APPLICATION_SUBMITTED',
  'RM_ERROR_APPLICATION_LOCKED',
  'RM_ERROR_REPORT_NOT_AVAILABLE',
  'RM_ERROR_RECORD_LOCKED',
  'RM_ERROR_SAP_NOT_FOUND',
  'RM_ERROR_NO_SIGNUP_PAGE',
  // issue 20 §2: the database is unreachable or dropped the request's connection (503 with Retry-After; try again)
  'RM_ERROR_SERVICE_UNAVAILABLE',
  // issue 20 §2: a payment interrupted before anything was charged (a crash); nothing was charged, pay again
  'RM_ERROR_PAYMENT_NOT_CHARGED',
  // issue 20 §2: an admin viewing as a tenant moves money only after confirming it (428: resend with the confirmation)
  'RM_ERROR_CONFIRMATION_REQUIRED',
  // issue 22: an add-on service the lease does not offer (serviceAvailability: lease status, province, switches)
  'RM_ERROR_SERVICE_NOT_OFFERED',
  // issue 22 / spec 2 §8: an insurance partner cannot quote the property ("building type required"): contact support
  'RM_ERROR_QUOTE_UNAVAILABLE',
  // issue 25: a reset or verification link that is unknown, used, replaced or past its end (one answer for all)
  'RM_ERROR_LINK_INVALID',
  // issue 25: a resend asked for an account with no address waiting for its link
  'RM_ERROR_NOTHING_TO_VERIFY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// spec 1 §8: card and bank processor codes the mappings read (paysafe.7503 card exists, paysafe.5068 invalid field)
export const PROCESSOR_ERROR_CODES = ['paysafe.7503', 'paysafe.5068'] as const;
export type ProcessorErrorCode = (typeof PROCESSOR_ERROR_CODES)[number];

export const ERROR_CODE = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as { [K in ErrorCode]: K };

// ARCHITECTURE: the status code is mapped from errorCode in one place
// Bad input of any kind is a 400 (issue 2); 402 only for a processor's refusal.
export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  RM_ERROR_RECORD_VALIDATION: 400,
  RM_ERROR_RECORD_NOT_FOUND: 404,
  RM_ERROR_RECORD_ALREADY_EXIST: 409,
  RM_ERROR_INVALID_CREDENTIALS: 401,
  RM_ERROR_PASSWORD_COMPLEXITY: 400,
  RM_ERROR_ACCESS_TOKEN_EXPIRED: 401,
  RM_ERROR_ACCESS_TOKEN_INVALID: 401,
  RM_ERROR_UNAUTHORIZED: 401,
  RM_ERROR_FORBIDDEN: 403,
  RM_ERROR_TOO_MANY_REQUESTS: 429,
  RM_ERROR_OVER_PAYMENT_NOT_ALLOWED: 400,
  RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED: 400,
  RM_ERROR_INVALID_AMOUNT: 400,
  RM_ERROR_PAYMENT_METHOD_IN_USE: 409,
  RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED: 400,
  RM_ERROR_PAYMENT_METHOD_BLOCKED: 400,
  RM_ERROR_PAYMENT_DECLINED: 402,
  RM_ERROR_INSUFFICIENT_FUNDS: 402,
  RM_ERROR_IDEMPOTENCY_CONFLICT: 409,
  RM_ERROR_LEASE_NOT_PAYABLE: 422,
  RM_ERROR_MERCHANT_NOT_CONFIGURED: 422,
  RM_ERROR_REQUIRED_FIELD: 400,
  RM_ERROR_SYSTEM: 500,
  RM_ERROR_FILE_TOO_LARGE: 413,
  RM_ERROR_FILE_TYPE: 400,
  RM_ERROR_FILE_NAME_TOO_LONG: 400,
  RM_ERROR_REQUEST_TOO_LARGE: 413,
  RM_ERROR_STORAGE_QUOTA_EXCEEDED: 413,
  RM_ERROR_RECURRING_PAYMENT_LOCKED: 409,
  RM_ERROR_TOO_MANY_APPLICATIONS: 409,
  RM_ERROR_APPLICATION_SUBMITTED: 409,
  RM_ERROR_APPLICATION_LOCKED: 409,
  RM_ERROR_REPORT_NOT_AVAILABLE: 404,
  RM_ERROR_RECORD_LOCKED: 409,
  RM_ERROR_SAP_NOT_FOUND: 404,
  RM_ERROR_NO_SIGNUP_PAGE: 409,
  RM_ERROR_SERVICE_UNAVAILABLE: 503,
  RM_ERROR_PAYMENT_NOT_CHARGED: 409,
  RM_ERROR_CONFIRMATION_REQUIRED: 428,
  RM_ERROR_SERVICE_NOT_OFFERED: 422,
  RM_ERROR_QUOTE_UNAVAILABLE: 422,
  RM_ERROR_LINK_INVALID: 410,
  RM_ERROR_NOTHING_TO_VERIFY: 409,
};

// spec 1 §8: the processor's own codes: 7503 card already exists (a conflict), 5068 a field the processor refuses (bad input)
export const PROCESSOR_HTTP_STATUS: Record<ProcessorErrorCode, number> = { 'paysafe.7503': 409, 'paysafe.5068': 400 };

export function httpStatusForErrorCode(code: string): number {
  return (
    (ERROR_HTTP_STATUS as Record<string, number>)[code] ??
    (PROCESSOR_HTTP_STATUS as Record<string, number>)[code] ??
    (code.includes('.') ? 402 : 500)
  );
}

// spec 1 §8: the session messages the client acts on
export const ACCESS_TOKEN_EXPIRED_MESSAGE = 'Access token expired';
export const ACCESS_TOKEN_INVALID_MESSAGE = 'Access token invalid';

// spec 1 §8 / spec 2 §8: messages the server's texts are matched on (the server must use them verbatim)
export const SERVER_MESSAGES = {
  negativeAmount: 'Negative amount on PAYMENT transaction',
  startDateMissing: 'start date is missing',
  countryInvalidValue: 'country:invalid value',
  cardCvv: 'card.cvv:',
  invalidFormat: 'Invalid format',
  buildingTypeRequired: 'building type required',
} as const;

// ARCHITECTURE: one error envelope { errorCode, message, fieldErrors?: [{ field, errorCode?, message, fieldValue? }] }
// (its zod schemas are in error-schemas.ts: the web's first load maps answers with this module and loads no zod).
export interface FieldError {
  field: string;
  errorCode?: string;
  message: string;
  fieldValue?: unknown;
}

export interface ErrorEnvelope {
  errorCode: string;
  message: string;
  fieldErrors?: FieldError[];
}

/** What a client receives from the backend when a call fails (any part may be missing). */
export interface ServerAnswer {
  errorCode?: string | null;
  message?: string | null;
  fieldErrors?: FieldError[] | null;
  result?: string | null;
}

/** The error class of the backend: a code, a message and optional field errors (→ one envelope). */
/* ------------------------------------------------------------------ helpers */

const serverMessage = (message: string): MessageRef => ({ key: MSG.serverMessage, values: { message } });
const hasText = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const includesCi = (s: string | null | undefined, part: string): boolean => (s ?? '').toLowerCase().includes(part.toLowerCase());

/** "field: message" lines of the field errors joined with '; ' (spec 1 §8: field errors listed). */
export function describeFieldErrors(fieldErrors: readonly FieldError[] | null | undefined): string {
  return (fieldErrors ?? []).map((f) => `${f.field}: ${f.message}`).join('; ');
}

// spec 1 §8: 'Access token expired' or 'Access token invalid' clears the session and goes to /logout
export function isSessionEndingAnswer(answer: ServerAnswer): boolean {
  return (
    answer.message === ACCESS_TOKEN_EXPIRED_MESSAGE ||
    answer.message === ACCESS_TOKEN_INVALID_MESSAGE ||
    answer.errorCode === 'RM_ERROR_ACCESS_TOKEN_EXPIRED' ||
    answer.errorCode === 'RM_ERROR_ACCESS_TOKEN_INVALID'
  );
}

// spec 2 §8: other errors show the server message or a generic try-again alert
export function mapGenericError(answer: ServerAnswer): MessageRef {
  if (answer.errorCode === 'RM_ERROR_REQUIRED_FIELD') return mapRequiredFieldError(answer);
  return hasText(answer.message) ? serverMessage(answer.message) : { key: MSG.genericTryAgain };
}

// spec 2 §8: RM_ERROR_REQUIRED_FIELD: birthDate → date-of-birth alert; "start date is missing" → lease start alert.
// issue 22: the portal's answer also names the field (fieldErrors birthDate / startDate), whatever its language.
export function mapRequiredFieldError(answer: ServerAnswer): MessageRef {
  const named = (field: string) => answer.fieldErrors?.some((f) => f.field === field) ?? false;
  if (includesCi(answer.message, 'birthDate') || named('birthDate')) return { key: MSG.birthDateMissing };
  if (includesCi(answer.message, SERVER_MESSAGES.startDateMissing) || named('startDate')) return { key: MSG.leaseStartMissing };
  return hasText(answer.message) ? serverMessage(answer.message) : { key: MSG.genericTryAgain };
}

/* ------------------------------------------------------------------ profile and password */

// spec 1 §8: profile save: ALREADY_EXIST → email exists; RECORD_VALIDATION → the server message
export function mapProfileSaveError(answer: ServerAnswer): MessageRef {
  if (answer.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST') return { key: MSG.emailExists };
  return mapGenericError(answer);
}

// spec 1 §4: password status messages show for 5 seconds
export const PASSWORD_STATUS_MESSAGE_MS = 5000;

export type PasswordChangeOutcome =
  | { ok: true; key: typeof MSG.passwordChanged }
  | {
      ok: false;
      key: MessageRef['key'];
      values?: MessageRef['values'];
      field?: 'password' | 'newPassword' | 'confirmNewPassword';
    };

// spec 1 §8: password change: INVALID_CREDENTIALS → wrong current; RECORD_VALIDATION → mismatch; PASSWORD_COMPLEXITY → complexity
export function mapPasswordChangeAnswer(answer: ServerAnswer): PasswordChangeOutcome {
  switch (answer.errorCode) {
    case 'RM_ERROR_INVALID_CREDENTIALS':
      return { ok: false, key: MSG.currentPasswordWrong, field: 'password' };
    case 'RM_ERROR_RECORD_VALIDATION':
      return { ok: false, key: MSG.passwordMismatch, field: 'confirmNewPassword' };
    case 'RM_ERROR_PASSWORD_COMPLEXITY':
      return { ok: false, key: MSG.passwordComplexity, field: 'newPassword' };
  }
  if (!answer.errorCode && (answer.result === 'SUCCESS' || answer.result == null)) return { ok: true, key: MSG.passwordChanged };
  return { ok: false, ...mapGenericError(answer) };
}

/* ------------------------------------------------------------------ payments */

export interface PaymentErrorContext {
  /** The lease has open charges. */
  hasOpenCharges: boolean;
  /** Company overpaymentAllowed. */
  overpaymentAllowed: YesNo | boolean;
  /** Payable now: open charges due this month or earlier, in cents. */
  payableNowCents: number;
  /** The amount the tenant entered, in cents. */
  enteredCents: number;
  display?: MoneyDisplay;
}

const isYes = (v: YesNo | boolean): boolean => v === true || v === 'YES';

// spec 1 §8: payment errors (over-payment, partial-payment, negative amount, others)
export function mapPaymentError(answer: ServerAnswer, ctx: PaymentErrorContext): MessageRef {
  const display = ctx.display ?? DEFAULT_MONEY_DISPLAY;
  const payable = { amount: formatWithDisplay(ctx.payableNowCents, display) };
  switch (answer.errorCode) {
    case 'RM_ERROR_OVER_PAYMENT_NOT_ALLOWED':
      return ctx.hasOpenCharges
        ? { key: MSG.paymentOverpayFutureCharges, values: payable }
        : { key: MSG.paymentOverpayNotAllowed };
    case 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED':
      return ctx.hasOpenCharges && !isYes(ctx.overpaymentAllowed)
        ? { key: MSG.paymentDisabledPartialPaymentsOverpayments, values: payable }
        : { key: MSG.paymentDisabledPartialPayments };
  }
  if (includesCi(answer.message, SERVER_MESSAGES.negativeAmount)) {
    const field = (answer.fieldErrors ?? []).find((f) => f.errorCode === 'RM_ERROR_INVALID_AMOUNT');
    const cents = field ? tryToCents(String(field.fieldValue ?? '')) : null;
    if (cents !== null) {
      // spec 1 §8: minimum = entered amount + |field value|
      return {
        key: MSG.paymentMinAmountAlert,
        values: { amount: formatWithDisplay(ctx.enteredCents + Math.abs(cents), display) },
      };
    }
  }
  return hasText(answer.message) ? serverMessage(answer.message) : { key: MSG.receiptFailure };
}

// spec 1 §8: paysafe cash / union pay redirect failure: alert with the errorCode appended
export function mapRedirectError(answer: ServerAnswer): MessageRef {
  return { key: MSG.redirectFailed, values: { errorCode: answer.errorCode ?? '' } };
}

// spec 1 §8: cash slip calls show the message, or 'generic-contact-support'
export function mapCashSlipError(answer: ServerAnswer): MessageRef {
  return hasText(answer.message) ? serverMessage(answer.message) : { key: MSG.genericContactSupport };
}

// spec 1 §8: instalment init failure → 'system-error'
export function mapInstalmentInitError(_answer: ServerAnswer): MessageRef {
  return { key: MSG.systemError };
}

/* ------------------------------------------------------------------ adding payment methods */

// spec 1 §8: bank account add errors (field errors, paysafe.5068, generic-add-bank)
export function mapAddBankAccountError(answer: ServerAnswer): MessageRef {
  const fieldErrors = answer.fieldErrors ?? [];
  if (fieldErrors.length > 0) {
    if (fieldErrors.some((f) => f.field === 'routingNumber' || includesCi(f.message, SERVER_MESSAGES.invalidFormat))) {
      return { key: MSG.invalidRoute };
    }
    return serverMessage(describeFieldErrors(fieldErrors));
  }
  if (answer.errorCode === 'paysafe.5068') {
    if (includesCi(answer.message, 'routingNumber')) return { key: MSG.invalidRoute };
    if (includesCi(answer.message, 'accountNumber')) return { key: MSG.invalidAccountNumber };
    const bracketed = /\[([^\]]+)\]/.exec(answer.message ?? '');
    return bracketed ? serverMessage(bracketed[1]) : { key: MSG.genericTryAgain };
  }
  return { key: MSG.genericAddBank };
}

// spec 1 §8: card add errors (paysafe.7503 exists, paysafe.5068 country / cvv, field errors, message, generic)
export function mapAddCardError(answer: ServerAnswer): MessageRef {
  if (answer.errorCode === 'paysafe.7503') return { key: MSG.creditExists };
  if (answer.errorCode === 'paysafe.5068') {
    if (includesCi(answer.message, SERVER_MESSAGES.countryInvalidValue)) return { key: MSG.invalidCountry };
    if (includesCi(answer.message, SERVER_MESSAGES.cardCvv)) return { key: MSG.cardCvvInvalid };
  }
  if ((answer.fieldErrors ?? []).length > 0) return serverMessage(describeFieldErrors(answer.fieldErrors));
  if (hasText(answer.errorCode) && hasText(answer.message)) return serverMessage(answer.message);
  return { key: MSG.genericCreditCard };
}

// spec 1 §8: wallet add errors: field errors, or 'generic-add-wallet'
export function mapAddWalletError(answer: ServerAnswer): MessageRef {
  if ((answer.fieldErrors ?? []).length > 0) return serverMessage(describeFieldErrors(answer.fieldErrors));
  if (includesCi(answer.message, 'no payment method')) return { key: MSG.walletNoLinkedMethod };
  return { key: MSG.genericAddWallet };
}

export interface DeleteErrorOutcome extends MessageRef {
  /** The removal dialog closes (RM_ERROR_PAYMENT_METHOD_IN_USE). */
  closeDialog: boolean;
}

// spec 1 §8 / spec 2 §8: delete errors: IN_USE by autopay / credit reporting / other; other errors show the message
export function mapDeletePaymentMethodError(answer: ServerAnswer): DeleteErrorOutcome {
  if (answer.errorCode === 'RM_ERROR_PAYMENT_METHOD_IN_USE') {
    if (/recurring/i.test(answer.message ?? '')) return { key: MSG.autopaymentsCardNoDelete, closeDialog: true };
    if (/credit.?report/i.test(answer.message ?? '')) return { key: MSG.creditReportingCardDelete, closeDialog: true };
    return { ...mapGenericError(answer), closeDialog: true };
  }
  return { ...mapGenericError(answer), closeDialog: false };
}

/* ------------------------------------------------------------------ services (spec 2 §8) */

// spec 2 §8: credit reporting: NOT_SUPPORTED → bank accounts not supported; REQUIRED_FIELD rows; else message
export function mapCreditReportingError(answer: ServerAnswer): MessageRef {
  if (answer.errorCode === 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED') return { key: MSG.bankNotSupported };
  return mapGenericError(answer);
}

// spec 2 §8: insurance save: ALREADY_EXIST → policy exists for the lease
export function mapInsuranceSaveError(answer: ServerAnswer): MessageRef {
  if (answer.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST') return { key: MSG.insuranceExists };
  return mapGenericError(answer);
}

// spec 2 §8: insurance quote error "building type required" → quote unavailable
export function mapInsuranceQuoteError(answer: ServerAnswer): MessageRef {
  if (answer.errorCode === 'RM_ERROR_QUOTE_UNAVAILABLE') return { key: MSG.quoteUnavailable };
  if (includesCi(answer.message, SERVER_MESSAGES.buildingTypeRequired)) return { key: MSG.quoteUnavailable };
  return mapGenericError(answer);
}

// spec 2 §8: autopay save failure → generic save alert; create with a message → date must be before today
export function mapAutopaySaveError(answer: ServerAnswer, operation: 'create' | 'update'): MessageRef {
  if (operation === 'create' && hasText(answer.message)) return { key: MSG.dateBeforeToday };
  return { key: MSG.autopaySaveFailed };
}

// spec 2 §8: save-list failure → generic error with the errorCode (plus the charges-save-failed alert)
export function mapSaveListError(answer: ServerAnswer): MessageRef[] {
  return [{ key: MSG.saveListFailed, values: { errorCode: answer.errorCode ?? '' } }, { key: MSG.chargesSaveFailed }];
}

// spec 2 §8: document delete, terminate insurance, delete application errors show the errorCode
export function mapErrorCodeAlert(answer: ServerAnswer): MessageRef {
  return { key: MSG.withErrorCode, values: { errorCode: answer.errorCode ?? '' } };
}

// spec 1 §5 / spec 2 §8: an upload reply without an id shows the 50-character file-name message
export function mapUploadReply(reply: { id?: string | number | null } | null | undefined): MessageRef | null {
  return reply?.id != null && reply.id !== '' ? null : { key: MSG.uploadFileNameTooLong };
}

// spec 2 §8: SAP "not found" by customer number or by email
export function mapSapNotFound(lookup: 'customerNumber' | 'email'): MessageRef {
  return { key: lookup === 'customerNumber' ? MSG.sapNoProperty : MSG.sapNoIntegrationCustomer };
}

// spec 2 §8: missing report alerts
export function mapMissingReport(report: 'credit' | 'background' | 'income'): MessageRef {
  return {
    key:
      report === 'credit'
        ? MSG.reportUnavailableCredit
        : report === 'background'
          ? MSG.reportUnavailableBackground
          : MSG.reportUnavailableIncome,
  };
}
