import {
  apiErrorCode,
  CONNECTION_FAILED,
  describeApiError,
  failureDetail,
  failureMessage,
  readServerMessage,
} from '@/lib/api/api-error-notification';
import { REQUEST_SETUP_ERROR } from '@/lib/api/base-query-with-reauth';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const SUPPORT = 'support@qrverify.app';
const DEFAULT_MESSAGE = `Something went wrong. Please reach out to us at ${SUPPORT}`;

const http = (status: number, data: unknown): FetchBaseQueryError => ({ status, data });

describe('describeApiError: which failure deserves which toast', () => {
  it.each<[string, FetchBaseQueryError, ReturnType<typeof describeApiError>]>([
    [
      '400 with a plain message',
      http(400, { error: { message: 'Template name is taken.' } }),
      { severity: 'warning', summary: 'Request Error', detail: 'Template name is taken.' },
    ],
    [
      '400 from an OAuth endpoint',
      http(400, { error: 'invalid_request', error_description: 'Missing grant type.' }),
      { severity: 'warning', summary: 'Request Error', detail: 'Missing grant type.' },
    ],
    [
      '400 with field errors',
      http(400, { error: { message: 'Invalid input', details: { email: ['Email is taken'] } } }),
      null,
    ],
    [
      '400 with nested field errors',
      http(400, { error: { message: 'Invalid', details: { address: { city: 'Required' } } } }),
      null,
    ],
    // The sign-in screen's own quiet for these comes from its endpoint (showsOwnErrors), not from here.
    [
      '400 Invalid credentials given.',
      http(400, { error: 'invalid_grant', error_description: 'Invalid credentials given.' }),
      { severity: 'warning', summary: 'Request Error', detail: 'Invalid credentials given.' },
    ],
    [
      '403',
      http(403, { error: { message: 'You have used all verifications of your plan.' } }),
      {
        severity: 'warning',
        summary: 'Limit Exhusted',
        detail: 'You have used all verifications of your plan.',
      },
    ],
    [
      '403 permission_denied',
      http(403, {
        error: { code: 'permission_denied', message: "You don't have access to bulk operations." },
      }),
      {
        severity: 'warning',
        summary: 'No Access',
        detail: "You don't have access to bulk operations.",
      },
    ],
    [
      '429',
      http(429, { error: { message: 'Too many requests' } }),
      {
        severity: 'warning',
        summary: 'Limit Exceeded',
        detail: 'Attempt limit exceeded. Try again after a minute',
      },
    ],
    [
      '500',
      http(500, { error: { message: 'Internal' } }),
      { severity: 'error', summary: 'Server Error', detail: DEFAULT_MESSAGE },
    ],
    [
      '503',
      http(503, null),
      { severity: 'error', summary: 'Server Error', detail: DEFAULT_MESSAGE },
    ],
    [
      '503 from a full securing queue',
      http(503, { error: { code: 'server_busy', message: 'The server is busy. Try again.' } }),
      { severity: 'warning', summary: 'Server Busy', detail: 'The server is busy. Try again.' },
    ],
    [
      '502 with an HTML page',
      {
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<html>Bad gateway</html>',
        error: 'SyntaxError',
      },
      { severity: 'error', summary: 'Server Error', detail: DEFAULT_MESSAGE },
    ],
    [
      'no response',
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      {
        severity: 'error',
        summary: 'Network Error',
        detail: `Could not connect to server. Check connection. If the problem persists, please contact support at ${SUPPORT}.`,
      },
    ],
    [
      'request could not be set up',
      { status: 'CUSTOM_ERROR', error: REQUEST_SETUP_ERROR, data: 'TypeError: Invalid URL' },
      {
        severity: 'error',
        summary: 'Error Message',
        detail: `Unable to send request. Check connection. If the problem persists, please contact support at ${SUPPORT}.`,
      },
    ],
    ['401 (the refresh handles it)', http(401, { error: { message: 'Expired' } }), null],
    ['404', http(404, { error: { message: 'Not found' } }), null],
  ])('%s', (_condition, error, toast) => {
    expect(describeApiError(error)).toEqual(toast);
  });
});

describe('readServerMessage', () => {
  it.each([
    ['error.message', { error: { message: 'From envelope' } }, 'From envelope'],
    ['message', { message: 'Top level' }, 'Top level'],
    [
      'error_description',
      { error: 'invalid_grant', error_description: 'OAuth text' },
      'OAuth text',
    ],
    [
      'error.details.message',
      { error: { details: { message: 'Detail message' } } },
      'Detail message',
    ],
    ['error.details.detail', { error: { details: { detail: 'Detail detail' } } }, 'Detail detail'],
    ['details.detail', { details: { detail: 'Bare details' } }, 'Bare details'],
    ['nothing usable', { error: { code: 'X' } }, DEFAULT_MESSAGE],
    ['no body', undefined, DEFAULT_MESSAGE],
  ])('reads %s', (_where, body, message) => {
    expect(readServerMessage(body)).toBe(message);
  });
});

describe('apiErrorCode', () => {
  it('reads a code from the shared list, and nothing else', () => {
    expect(apiErrorCode(http(409, { error: { message: 'In use', code: 'template_in_use' } }))).toBe(
      'template_in_use',
    );
    expect(apiErrorCode(http(400, { error: { message: 'Odd', code: 'made_up' } }))).toBeUndefined();
    expect(apiErrorCode({ status: 'FETCH_ERROR', error: 'offline' })).toBeUndefined();
  });
});

describe('failureMessage: the sentence a dialog shows', () => {
  const fallback = 'The thing could not be done. Please try again.';

  it('says the connection failed when the call never reached the server', () => {
    expect(failureMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, fallback)).toBe(
      CONNECTION_FAILED,
    );
    expect(
      failureMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, fallback, 'Offline.'),
    ).toBe('Offline.');
  });

  it("prefers the server's message, at any status, over the fallback", () => {
    expect(failureMessage(http(409, { error: { message: 'In use.' } }), fallback)).toBe('In use.');
    expect(failureMessage(http(500, { error: { message: 'Broke.' } }), fallback)).toBe('Broke.');
    expect(failureMessage(http(500, null), fallback)).toBe(fallback);
    expect(failureMessage({ status: 'TIMEOUT_ERROR', error: 'timeout' }, fallback)).toBe(fallback);
  });
});

describe('failureDetail: the sentence a form alert or toast shows', () => {
  const fallback = 'The thing could not be done. Please try again.';

  it("takes the server's message for a refusal, the toast's sentence otherwise", () => {
    expect(failureDetail(http(409, { error: { message: 'In use.' } }), fallback)).toBe('In use.');
    expect(failureDetail(http(500, { error: { message: 'Broke.' } }), fallback)).toBe(
      DEFAULT_MESSAGE,
    );
    expect(failureDetail(http(404, null), fallback)).toBe(fallback);
    const busy = http(503, { error: { code: 'server_busy', message: 'Busy; try again.' } });
    expect(failureDetail(busy, fallback)).toBe('Busy; try again.');
  });
});
