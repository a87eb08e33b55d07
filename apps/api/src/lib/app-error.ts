// One error class with an error code (STYLE: documenso AppError), mapped to HTTP status in one place.
import { httpStatusForErrorCode } from '@portal/domain/errors';

export interface FieldError {
  field: string;
  errorCode?: string;
  message: string;
  fieldValue?: unknown;
  /** Values of a message that is a message key; not sent. */
  values?: Record<string, unknown>;
}

/** HTTP status of an error code: one table, in packages/domain (ERROR_HTTP_STATUS). */
export const statusForErrorCode = httpStatusForErrorCode;

/** Seconds a caller waits before trying again when the database cannot answer (issue 20 §2: a reconnect takes that). */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_S = 5;

export class AppError extends Error {
  readonly errorCode: string;
  readonly statusCode: number;
  readonly fieldErrors?: FieldError[];
  /** Values of a message that is a message key (lib/i18n.ts translates it for the caller). */
  readonly values?: Record<string, unknown>;
  /** More fields of the answer beside the envelope (e.g. the FAILED transaction of a declined payment). */
  readonly extra?: Record<string, unknown>;
  /** Headers of the answer (e.g. Retry-After of a 429). */
  readonly headers?: Record<string, string>;

  /** `message` may be a message key of the locale files: it is then sent in the caller's language. */
  constructor(
    errorCode: string,
    message: string,
    opts: {
      fieldErrors?: FieldError[];
      statusCode?: number;
      values?: Record<string, unknown>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.statusCode = opts.statusCode ?? statusForErrorCode(errorCode);
    this.fieldErrors = opts.fieldErrors;
    this.values = opts.values;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }

  static notFound(what = 'Record'): AppError {
    return new AppError('RM_ERROR_RECORD_NOT_FOUND', `${what} not found`);
  }

  static validation(fieldErrors: FieldError[], message = 'Validation failed'): AppError {
    return new AppError('RM_ERROR_RECORD_VALIDATION', message, { fieldErrors });
  }

  /**
   * A refusal naming one field, whose field error carries the same message (a message key) and values. The code is
   * RM_ERROR_RECORD_VALIDATION unless told; the field error's code is the error's unless told.
   */
  static onField(
    field: string,
    message: string,
    opts: { errorCode?: string; fieldErrorCode?: string; values?: Record<string, unknown>; fieldValue?: unknown } = {},
  ): AppError {
    const errorCode = opts.errorCode ?? 'RM_ERROR_RECORD_VALIDATION';
    const fieldError: FieldError = { field, errorCode: opts.fieldErrorCode ?? errorCode, message };
    if (opts.values) fieldError.values = opts.values;
    if (opts.fieldValue !== undefined) fieldError.fieldValue = opts.fieldValue;
    return new AppError(errorCode, message, { values: opts.values, fieldErrors: [fieldError] });
  }

  static forbidden(message = 'Not allowed'): AppError {
    return new AppError('RM_ERROR_FORBIDDEN', message);
  }

  /** 503 with Retry-After: the database is unreachable or dropped this request's connection (issue 20 §2). */
  static serviceUnavailable(): AppError {
    return new AppError('RM_ERROR_SERVICE_UNAVAILABLE', 'server.common.serviceUnavailable', {
      headers: { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_S) },
    });
  }
}
