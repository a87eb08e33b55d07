// One error class with an error code (STYLE: documenso AppError), mapped to HTTP status in one place.
export interface FieldError {
  field: string;
  errorCode?: string;
  message: string;
  fieldValue?: unknown;
}

const STATUS_BY_CODE: Record<string, number> = {
  RM_ERROR_RECORD_VALIDATION: 400,
  RM_ERROR_REQUIRED_FIELD: 400,
  RM_ERROR_INVALID_AMOUNT: 400,
  RM_ERROR_PASSWORD_COMPLEXITY: 400,
  RM_ERROR_OVER_PAYMENT_NOT_ALLOWED: 400,
  RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED: 400,
  RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED: 400,
  RM_ERROR_FILE_TYPE: 400,
  RM_ERROR_FILE_NAME_TOO_LONG: 400,
  RM_ERROR_INVALID_CREDENTIALS: 401,
  RM_ERROR_ACCESS_TOKEN_EXPIRED: 401,
  RM_ERROR_ACCESS_TOKEN_INVALID: 401,
  RM_ERROR_UNAUTHORIZED: 401,
  RM_ERROR_FORBIDDEN: 403,
  RM_ERROR_RECORD_NOT_FOUND: 404,
  RM_ERROR_RECORD_ALREADY_EXIST: 409,
  RM_ERROR_PAYMENT_METHOD_IN_USE: 409,
  RM_ERROR_IDEMPOTENCY_KEY_REUSED: 422,
  RM_ERROR_FILE_TOO_LARGE: 413,
  RM_ERROR_TOO_MANY_REQUESTS: 429,
  RM_ERROR_SYSTEM: 500,
};

export function statusForErrorCode(code: string): number {
  return STATUS_BY_CODE[code] ?? 400;
}

export class AppError extends Error {
  readonly errorCode: string;
  readonly statusCode: number;
  readonly fieldErrors?: FieldError[];

  constructor(errorCode: string, message: string, opts: { fieldErrors?: FieldError[]; statusCode?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.statusCode = opts.statusCode ?? statusForErrorCode(errorCode);
    this.fieldErrors = opts.fieldErrors;
  }

  static notFound(what = 'Record'): AppError {
    return new AppError('RM_ERROR_RECORD_NOT_FOUND', `${what} not found`);
  }

  static validation(fieldErrors: FieldError[], message = 'Validation failed'): AppError {
    return new AppError('RM_ERROR_RECORD_VALIDATION', message, { fieldErrors });
  }

  static forbidden(message = 'Not allowed'): AppError {
    return new AppError('RM_ERROR_FORBIDDEN', message);
  }
}
