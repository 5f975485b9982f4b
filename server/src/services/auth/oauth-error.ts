// Errors of the OAuth-style endpoints (the token endpoints), answered in RFC 6749's shape
// { error, error_description } rather than the API's usual envelope.
// The factories that make them are in auth-errors.ts, with the domain's other failures.
import type { OAuthErrorBody, OAuthErrorCode } from '@common/api-error';

export class OAuthError extends Error {
  readonly statusCode: number;
  readonly error: OAuthErrorCode;

  constructor(error: OAuthErrorCode, description: string, statusCode = 400) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.statusCode = statusCode;
  }

  toBody(): OAuthErrorBody {
    return { error: this.error, error_description: this.message };
  }
}
