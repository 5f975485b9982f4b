// Errors of the OAuth-style endpoints (the token endpoints), answered in RFC 6749's shape
// { error, error_description } rather than the API's usual envelope.
import type { OAuthErrorBody } from '@common/api-error';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'email_verification_failed';

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

export const INVALID_CREDENTIALS = 'Invalid credentials given.';

export function invalidGrant(description: string): OAuthError {
  return new OAuthError('invalid_grant', description);
}
