// Spec section 8: which failed API call deserves which toast. Pure, so the table is testable.

import { env } from '@/config/env';
import type { Notification } from '@/lib/notify';

import { REQUEST_SETUP_ERROR } from './base-query-with-reauth';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

type ErrorToast = Omit<Notification, 'lifetime'>;

/** Failures the sign-in screens explain inline, so a toast would only repeat them. */
const MESSAGES_HANDLED_BY_SCREENS = [
  'Invalid credentials given.',
  'Email is not verified, Please verify your email',
];

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

/** The message to show for an error body, falling back to the spec's generic sentence. */
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
    if (hasFieldErrors(body) || MESSAGES_HANDLED_BY_SCREENS.includes(message)) return null;
    return { severity: 'warning', summary: 'Request Error', detail: message };
  }
  if (status === 403) {
    // 'Exhusted' is the product's own spelling (spec section 8).
    return { severity: 'warning', summary: 'Limit Exhusted', detail: readServerMessage(body) };
  }
  if (status === 429) {
    return {
      severity: 'warning',
      summary: 'Limit Exceeded',
      detail: 'Attempt limit exceeded. Try again after a minute',
    };
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

/** The HTTP status of an answered call, whether or not its body parsed. */
export function httpStatusOf(error: FetchBaseQueryError): number | null {
  if (typeof error.status === 'number') return error.status;
  return error.status === 'PARSING_ERROR' ? error.originalStatus : null;
}
