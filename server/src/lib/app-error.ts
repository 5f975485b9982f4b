// The one error type the server throws on purpose: the error handler turns it into the API's error envelope.
import type { ApiErrorBody, ApiErrorCode } from '@common/api-error';

export type FieldErrors = NonNullable<ApiErrorBody['error']['details']>;

export interface AppErrorOptions {
  /** HTTP status the client receives. */
  statusCode: number;
  /** Stable machine-readable reason, e.g. 'validation_failed'; clients may branch on it. */
  code: ApiErrorCode;
  /** User-facing sentence; shown as-is in the SPA's toasts. */
  message: string;
  /** Field name -> user-facing messages, for form errors. */
  details?: FieldErrors;
  /** The underlying failure, for the log (never sent to the client). */
  cause?: unknown;
  /** Headers the answer carries, such as Retry-After. */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly details?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor({ statusCode, code, message, details, cause, headers }: AppErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        message: this.message,
        code: this.code,
        ...(this.details && { details: this.details }),
      },
    };
  }
}

/** A 400 naming one field, for a rule the request's schema cannot check alone. */
export function fieldError(field: string, message: string): AppError {
  return new AppError({
    statusCode: 400,
    code: 'validation_failed',
    message,
    details: { [field]: [message] },
  });
}

export function notFoundError(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Not found' });
}
