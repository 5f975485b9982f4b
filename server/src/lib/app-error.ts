// The one error type the server throws on purpose: the error handler turns it into the API's error envelope.
import type { ApiErrorBody } from '@common/api-error';

export type FieldErrors = NonNullable<ApiErrorBody['error']['details']>;

export interface AppErrorOptions {
  /** HTTP status the client receives. */
  statusCode: number;
  /** Stable machine-readable reason, e.g. 'validation_failed'; clients may branch on it. */
  code: string;
  /** User-facing sentence; shown as-is in the SPA's toasts. */
  message: string;
  /** Field name -> user-facing messages, for form errors. */
  details?: FieldErrors;
  /** The underlying failure, for the log (never sent to the client). */
  cause?: unknown;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details?: FieldErrors;

  constructor({ statusCode, code, message, details, cause }: AppErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
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

export function notFoundError(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Not found' });
}
