// Reading a failed auth call: the HTTP status, the OAuth error code and the server's messages.
import { findServerMessage } from '@/lib/api/api-error-notification';
import { OAUTH_ERROR_CODES, type OAuthErrorCode } from '@common/api-error';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error RTK Query produced for a call that was sent (answered or not), as opposed to a bug. */
export function isApiError(error: unknown): error is FetchBaseQueryError {
  return isObject(error) && 'status' in error;
}

function bodyOf(error: unknown): unknown {
  return isApiError(error) ? error.data : undefined;
}

/** The HTTP status of an answered call, or null (network failure, thrown error). */
export function httpStatus(error: unknown): number | null {
  if (!isApiError(error)) return null;
  if (typeof error.status === 'number') return error.status;
  return error.status === 'PARSING_ERROR' ? error.originalStatus : null;
}

/**
 * A 4xx answer that carries the reason for the failure, which the screen shows in its own words.
 * 401 (re-authentication), 403 ('Limit Exhusted') and 429 ('Limit Exceeded') keep their generic
 * toasts.
 */
export function isExplainedRejection(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== null && status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

/** The OAuth `error` code of a token endpoint failure, e.g. 'invalid_grant'. */
export function oauthErrorCode(error: unknown): OAuthErrorCode | undefined {
  const code = (bodyOf(error) as { error?: unknown } | null)?.error;
  return OAUTH_ERROR_CODES.find((known) => known === code);
}

/** The OAuth `error_description`, when the server gave one. */
export function oauthErrorDescription(error: unknown): string | undefined {
  const body = bodyOf(error);
  const description = isObject(body) ? body.error_description : undefined;
  return typeof description === 'string' && description !== '' ? description : undefined;
}

/** The server's message, if any (error.message, message, error_description…). */
export function serverMessage(error: unknown): string | undefined {
  return findServerMessage(bodyOf(error));
}

/** The first message listed for `field` in `error.details` (our error envelope). */
export function firstFieldError(error: unknown, field: string): string | undefined {
  const body = bodyOf(error);
  const envelope = isObject(body) && isObject(body.error) ? body.error : body;
  const details = isObject(envelope) && isObject(envelope.details) ? envelope.details : undefined;
  const messages = details?.[field];
  const first: unknown = Array.isArray(messages) ? messages[0] : messages;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * Form submit errors for wrong credentials: the password field says why, the
 * email field is only marked invalid (`true` carries no message).
 */
export function invalidCredentialsErrors(error: unknown): { email: true; password: string } {
  return { email: true, password: oauthErrorDescription(error) ?? 'Invalid credentials' };
}
