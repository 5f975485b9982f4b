// Which failed API call deserves which toast. Pure, so the table is testable.

import { env } from '@/config/env';
import type { Notification } from '@/lib/notify';
import { API_ERROR_CODES, type ApiErrorCode } from '@common/api-error';

import { REQUEST_SETUP_ERROR } from './base-query-with-reauth';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

type ErrorToast = Omit<Notification, 'lifetime'>;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function genericFailureMessage(): string {
  return `Something went wrong. Please reach out to us at ${env.SUPPORT_EMAIL}`;
}

/**
 * The server's own message in an error body, or undefined: our envelope
 * `{ error: { message, details } }`, the OAuth shape `{ error, error_description }`, or a bare
 * `{ message }` / `{ details }`.
 */
export function findServerMessage(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const candidates = isObject(body.error) ? [body.error, body] : [body];
  for (const source of candidates) {
    const details = isObject(source.details) ? source.details : {};
    const message =
      asText(source.message) ??
      asText(source.error_description) ??
      asText(details.message) ??
      asText(details.detail);
    if (message) return message;
  }
  return undefined;
}

/** The message to show for an error body, falling back to the generic sentence. */
export function readServerMessage(body: unknown): string {
  return findServerMessage(body) ?? genericFailureMessage();
}

/** Field errors (`details: { email: ['…'] }`) are shown next to the fields, not in a toast. */
function hasFieldErrors(body: unknown): boolean {
  if (!isObject(body)) return false;
  const envelope = isObject(body.error) ? body.error : body;
  const details = envelope.details;
  if (!isObject(details)) return false;
  return Object.values(details).some((value) => Array.isArray(value) || isObject(value));
}

function describeHttpError(status: number, body: unknown): ErrorToast | null {
  if (status === 400) {
    const message = readServerMessage(body);
    if (hasFieldErrors(body)) return null;
    return { severity: 'warning', summary: 'Request Error', detail: message };
  }
  if (status === 403 && errorCodeOf(body) === 'permission_denied') {
    // A shared user's permissions: not a plan limit. Queries show the screen's no-access state instead.
    return { severity: 'warning', summary: 'No Access', detail: readServerMessage(body) };
  }
  if (status === 403) {
    // 'Exhusted' is the product's own spelling, kept as users know it.
    return { severity: 'warning', summary: 'Limit Exhusted', detail: readServerMessage(body) };
  }
  if (status === 429) {
    return {
      severity: 'warning',
      summary: 'Limit Exceeded',
      detail: 'Attempt limit exceeded. Try again after a minute',
    };
  }
  if (isServerBusy(status, body)) {
    return { severity: 'warning', summary: 'Server Busy', detail: readServerMessage(body) };
  }
  if (status >= 500) {
    return { severity: 'error', summary: 'Server Error', detail: genericFailureMessage() };
  }
  return null;
}

/** The toast for a failed call, or null when the table asks for none (401, 404, field errors…). */
export function describeApiError(error: FetchBaseQueryError): ErrorToast | null {
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return {
        severity: 'error',
        summary: 'Network Error',
        detail: `Could not connect to server. Check connection. If the problem persists, please contact support at ${env.SUPPORT_EMAIL}.`,
      };
    case 'CUSTOM_ERROR':
      if (error.error !== REQUEST_SETUP_ERROR) return null;
      return {
        severity: 'error',
        summary: 'Error Message',
        detail: `Unable to send request. Check connection. If the problem persists, please contact support at ${env.SUPPORT_EMAIL}.`,
      };
    case 'PARSING_ERROR':
      // The server answered with a body that is not JSON (a proxy's HTML error page, say).
      return describeHttpError(error.originalStatus, error.data);
    default:
      return describeHttpError(error.status, error.data);
  }
}

/** Said in place of the server's message when a call never reached it. */
export const CONNECTION_FAILED = 'Could not connect to server. Check connection and try again.';

/**
 * The sentence a dialog or a toast of its own shows for a failed call: `offline` when the call never
 * reached the server, else the server's own message, else `fallback`.
 */
export function failureMessage(
  error: FetchBaseQueryError,
  fallback: string,
  offline: string = CONNECTION_FAILED,
): string {
  return (error.status === 'FETCH_ERROR' ? offline : findServerMessage(error.data)) ?? fallback;
}

/**
 * The sentence for a failed call where no field shows it (a form's alert, a toast): the server's
 * own message for a refusal (below 500), else the generic toast's sentence, else `fallback`.
 */
export function failureDetail(error: FetchBaseQueryError, fallback: string): string {
  const status = typeof error.status === 'number' ? error.status : null;
  return (
    ((status !== null && status < 500) || isServerBusy(status, error.data)
      ? findServerMessage(error.data)
      : undefined) ??
    describeApiError(error)?.detail ??
    fallback
  );
}

/** The `code` of an error envelope, when it is one the server is known to send. */
export function errorCodeOf(body: unknown): ApiErrorCode | undefined {
  const code = isObject(body) && isObject(body.error) ? body.error.code : undefined;
  return API_ERROR_CODES.find((known) => known === code);
}

/** The failed call's error code, when it is one the server is known to send. */
export function apiErrorCode(error: FetchBaseQueryError): ApiErrorCode | undefined {
  return errorCodeOf('data' in error ? error.data : undefined);
}

/** A 503 the server sends on purpose when its securing queue is full: a message to show, not a fault. */
export function isServerBusy(status: number | null, body: unknown): boolean {
  return status === 503 && errorCodeOf(body) === 'server_busy';
}

/** The HTTP status of an answered call, whether or not its body parsed. */
export function httpStatusOf(error: FetchBaseQueryError): number | null {
  if (typeof error.status === 'number') return error.status;
  return error.status === 'PARSING_ERROR' ? error.originalStatus : null;
}

/**
 * What a screen whose data did not load says about it: `refused` when the server answered 403 (a shared user's
 * permissions, or the owner's alone: retrying cannot help, and it is no connection problem), `offline` only when
 * the call never reached the server, `server` for its own failures, `refusedOther` for any other refusal.
 */
export type LoadFailure =
  | { kind: 'refused'; message: string | undefined }
  | { kind: 'offline' }
  | { kind: 'server'; message: string | undefined }
  | { kind: 'refusedOther'; message: string | undefined };

export function describeLoadFailure(error: unknown): LoadFailure {
  const failed = error as FetchBaseQueryError | undefined;
  if (!failed || !('status' in failed)) return { kind: 'server', message: undefined };
  if (failed.status === 'FETCH_ERROR' || failed.status === 'TIMEOUT_ERROR') {
    return { kind: 'offline' };
  }
  const status = httpStatusOf(failed);
  const body = 'data' in failed ? failed.data : undefined;
  if (status === 403) return { kind: 'refused', message: findServerMessage(body) };
  if (status !== null && status < 500) {
    return { kind: 'refusedOther', message: findServerMessage(body) };
  }
  return {
    kind: 'server',
    message: isServerBusy(status, body) ? findServerMessage(body) : undefined,
  };
}
