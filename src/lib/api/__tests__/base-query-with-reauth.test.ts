import { waitFor } from '@testing-library/react';

import { setupStore } from '@/app/store';
import { baseApi } from '@/lib/api/base-api';
import { REQUEST_SETUP_ERROR, sessionExpired } from '@/lib/api/base-query-with-reauth';
import { browserLocation } from '@/lib/browser-location';
import { selectSession, SESSION_LIFETIME_MS } from '@/lib/session/session-slice';
import { expiredSession, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch, requestedPaths } from '@/testing/mock-fetch';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProbe: build.query<unknown, string>({ query: (name) => `probe/${name}/` }),
    // A call whose 401 is its own answer (like revoking a token on sign-out).
    getOwn401: build.query<unknown, void>({
      query: () => 'own-401/',
      extraOptions: { withoutReauth: true },
    }),
    // An address no Request can be built for.
    getUnbuildable: build.query<unknown, void>({ query: () => 'http://[not-a-host/' }),
  }),
});

const TOKEN_PATH = '/api/auth/token/';

function isTokenCall(request: Request): boolean {
  return new URL(request.url).pathname === TOKEN_PATH;
}

/** Every API call answers 401; the token endpoint answers `refreshAnswer`. */
function serverWithExpiredToken(refreshAnswer: () => Response) {
  return mockFetch((request) =>
    isTokenCall(request)
      ? refreshAnswer()
      : jsonResponse({ error: { message: 'Authentication credentials were not provided.' } }, 401),
  );
}

function requestProbes(store: ReturnType<typeof setupStore>, names: string[]) {
  return Promise.all(
    names.map((name) => store.dispatch(probeApi.endpoints.getProbe.initiate(name))),
  );
}

describe('request conventions', () => {
  it('sends the bearer token, the CSRF cookie and credentials to /api/', async () => {
    document.cookie = 'csrftoken=csrf-123';
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    const store = setupStore({ session: signedInSession({ accessToken: 'a1' }) });

    await store.dispatch(probeApi.endpoints.getProbe.initiate('one'));

    const [request] = fetchMock.mock.calls[0];
    expect(new URL(request.url).pathname).toBe('/api/probe/one/');
    expect(request.headers.get('Authorization')).toBe('Bearer a1');
    expect(request.headers.get('X-CSRFTOKEN')).toBe('csrf-123');
    expect(request.credentials).toBe('include');
    expect(request.redirect).toBe('manual');
  });

  it('sends no bearer token once the session has expired', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    const store = setupStore({ session: expiredSession() });

    await store.dispatch(probeApi.endpoints.getProbe.initiate('one'));

    expect(fetchMock.mock.calls[0][0].headers.has('Authorization')).toBe(false);
  });

  it('answers REQUEST_SETUP_ERROR when the request cannot be built, and calls no server', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    const store = setupStore();

    const result = await store.dispatch(probeApi.endpoints.getUnbuildable.initiate());

    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: REQUEST_SETUP_ERROR });
    // …and the user hears about it (no provider here, so notify() writes a warning).
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Error Message — Unable to send request.'),
    );
  });
});

describe('token refresh on 401', () => {
  it('refreshes once for many concurrent 401s, stores the new token and reloads', async () => {
    const fetchMock = serverWithExpiredToken(() =>
      jsonResponse({ access_token: 'a2', refresh_token: 'r2' }),
    );
    const store = setupStore({
      session: signedInSession({ accessToken: 'a1', refreshToken: 'r1' }),
    });

    await requestProbes(store, ['one', 'two', 'three', 'four']);

    const tokenCalls = fetchMock.mock.calls.filter(([request]) => isTokenCall(request));
    expect(tokenCalls).toHaveLength(1);
    const [refreshRequest] = tokenCalls[0];
    expect(refreshRequest.method).toBe('POST');
    expect(refreshRequest.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(refreshRequest.headers.has('Authorization')).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(await refreshRequest.text()))).toEqual({
      grant_type: 'refresh_token',
      client_id: 'qr-verify-web',
      client_secret: 'qr-verify-web-public-secret',
      refresh_token: 'r1',
    });

    const session = selectSession(store.getState());
    expect(session.accessToken).toBe('a2');
    expect(session.refreshToken).toBe('r2');
    expect(session.expiresIn).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000);
    expect(browserLocation.reload).toHaveBeenCalledTimes(1);
    expect(browserLocation.replace).not.toHaveBeenCalled();
  });

  it.each([400, 429])('signs the user out when the refresh answers %i', async (status) => {
    serverWithExpiredToken(() =>
      jsonResponse({ error: 'invalid_grant', error_description: 'Invalid' }, status),
    );
    const store = setupStore({ session: signedInSession() });
    localStorage.setItem('persist:session', '{"accessToken":"\\"a1\\""}');

    await requestProbes(store, ['one', 'two']);

    expect(selectSession(store.getState()).accessToken).toBeNull();
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
    expect(localStorage.getItem('persist:session')).toBeNull();
    expect(browserLocation.reload).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh fails for a passing reason (503)', async () => {
    serverWithExpiredToken(() => jsonResponse({ error: { message: 'Maintenance' } }, 503));
    const store = setupStore({ session: signedInSession({ accessToken: 'a1' }) });

    await requestProbes(store, ['one']);

    expect(selectSession(store.getState()).accessToken).toBe('a1');
    expect(browserLocation.replace).not.toHaveBeenCalled();
    expect(browserLocation.reload).not.toHaveBeenCalled();
  });

  it('does not try to refresh without a refresh token', async () => {
    const fetchMock = serverWithExpiredToken(() => jsonResponse({}));
    const store = setupStore();

    await requestProbes(store, ['one']);

    expect(requestedPaths(fetchMock)).toEqual(['/api/probe/one/']);
  });

  it('leaves a 401 alone for calls that opt out of re-authentication', async () => {
    const fetchMock = serverWithExpiredToken(() => jsonResponse({ access_token: 'a2' }));
    const store = setupStore({ session: signedInSession() });

    const result = await store.dispatch(probeApi.endpoints.getOwn401.initiate());

    expect(result.error).toMatchObject({ status: 401 });
    expect(requestedPaths(fetchMock)).toEqual(['/api/own-401/']);
    expect(browserLocation.reload).not.toHaveBeenCalled();
  });
});

describe('sessionExpired: a 401 met outside the base query (the file picker)', () => {
  it('takes the same refresh: once for many, then stores the token and reloads', async () => {
    const fetchMock = serverWithExpiredToken(() =>
      jsonResponse({ access_token: 'a2', refresh_token: 'r2' }),
    );
    const store = setupStore({
      session: signedInSession({ accessToken: 'a1', refreshToken: 'r1' }),
    });

    await Promise.all([store.dispatch(sessionExpired()), store.dispatch(sessionExpired())]);

    expect(fetchMock.mock.calls.filter(([request]) => isTokenCall(request))).toHaveLength(1);
    expect(selectSession(store.getState()).accessToken).toBe('a2');
    expect(browserLocation.reload).toHaveBeenCalledTimes(1);
  });

  it('signs the user out when the refresh is refused', async () => {
    serverWithExpiredToken(() =>
      jsonResponse({ error: 'invalid_grant', error_description: 'Invalid' }, 400),
    );
    const store = setupStore({ session: signedInSession() });

    await store.dispatch(sessionExpired());

    expect(selectSession(store.getState()).accessToken).toBeNull();
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
  });
});
