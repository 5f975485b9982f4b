// The account flows' user-facing failures, worded once.
import { AppError } from '../../lib/app-error';

import { OAuthError } from './oauth-error';

export const UNAUTHENTICATED_MESSAGE =
  'Authentication credentials were not provided or are invalid.';

export function unauthenticated(): AppError {
  return new AppError({
    statusCode: 401,
    code: 'not_authenticated',
    message: UNAUTHENTICATED_MESSAGE,
  });
}

const EMAIL_TAKEN = 'An account with this email already exists.';

export function emailTaken(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'email_taken',
    message: EMAIL_TAKEN,
    details: { email: [EMAIL_TAKEN] },
  });
}

export function invalidOtp(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'invalid_otp',
    message: 'Invalid OTP, Please try again.',
  });
}

export function otpExpired(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'otp_expired',
    message: 'This code has expired. Please request a new one.',
  });
}

export function otpAttemptsExhausted(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'otp_attempts_exhausted',
    message: 'Invalid OTP. That was the last try for this code, please request a new one.',
  });
}

export function resendTooSoon(): AppError {
  return new AppError({
    statusCode: 429,
    code: 'otp_cooldown',
    message: 'Please wait a few seconds before requesting another code.',
  });
}

const VERIFY_CODE_FIRST = 'Please verify the code sent to your email first.';

export function passwordResetNotAllowed(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'password_reset_not_verified',
    message: VERIFY_CODE_FIRST,
    details: { email: [VERIFY_CODE_FIRST] },
  });
}

export function mailNotSent(cause: unknown): AppError {
  return new AppError({
    statusCode: 503,
    code: 'mail_not_sent',
    message: 'We could not send the email just now. Please try again in a few minutes.',
    cause,
  });
}

const SSO_NOT_SET_UP = 'Single sign-on is not set up for this email domain.';

export function ssoNotSetUp(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'sso_not_configured',
    message: SSO_NOT_SET_UP,
    details: { email: [SSO_NOT_SET_UP] },
  });
}

export function ssoProviderUnavailable(cause: unknown): AppError {
  return new AppError({
    statusCode: 502,
    code: 'sso_provider_unavailable',
    message: "Your organisation's sign-in service did not answer. Please try again later.",
    cause,
  });
}

// The token endpoints' refusals, in OAuth's shape (RFC 6749) rather than the API's usual envelope.

export const INVALID_CREDENTIALS = 'Invalid credentials given.';

export function invalidGrant(description: string): OAuthError {
  return new OAuthError('invalid_grant', description);
}

export function invalidRequest(description: string): OAuthError {
  return new OAuthError('invalid_request', description);
}

export function unsupportedGrantType(description: string): OAuthError {
  return new OAuthError('unsupported_grant_type', description);
}

export function invalidClient(): OAuthError {
  return new OAuthError('invalid_client', 'Client authentication failed.', 401);
}

export function emailNotVerified(): OAuthError {
  return new OAuthError(
    'email_verification_failed',
    'Email is not verified, Please verify your email',
  );
}
