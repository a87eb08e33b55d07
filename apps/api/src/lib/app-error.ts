// One error class with an error code (STYLE: documenso AppError), mapped to HTTP status in one place.
import { httpStatusForErrorCode } from '@portal/domain/errors';

export interface FieldError {
  field: string;
  errorCode?: string;
  message: string;
  fieldValue?: unknown;
}

/** HTTP status of an error code: one table, in packages/domain (ERROR_HTTP_STATUS). */
export const statusForErrorCode = httpStatusForErrorCode;

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
