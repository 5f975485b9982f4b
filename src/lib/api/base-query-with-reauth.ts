// The one base query: every API call carries the bearer and the CSRF token, and a 401 refreshes the session once
// (then reloads) or signs out.
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { Mutex } from 'async-mutex';

import { env } from '@/config/env';
import { API_BASE_PATH, TOKEN_ENDPOINT } from '@/config/paths';
import { browserLocation } from '@/lib/browser-location';
import { readCookie } from '@/lib/cookies';
import { flushPersistedState } from '@/lib/session/session-persistence';
import {
  selectAccessToken,
  selectRefreshToken,
  selectUsableAccessToken,
  signedOut,
  tokenRefreshed,
  type StateWithSession,
} from '@/lib/session/session-slice';
import type { TokenResponse } from '@common/auth-schemas';

import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';

/** CUSTOM_ERROR marker for a request that failed before it could be sent. */
export const REQUEST_SETUP_ERROR = 'REQUEST_SETUP_ERROR';

/**
 * Whether the screen that makes a call explains its failures itself (an inline field error, a
 * message in a dialog, a toast in its own words): `true` for every failure, or a test for some.
 */
export type ShowsOwnErrors = boolean | ((error: FetchBaseQueryError) => boolean);

/** An endpoint's `extraOptions`. */
export interface AppExtraOptions {
  /** The refresh call authenticates with the refresh token, never with the stale bearer. */
  withoutBearer?: boolean;
  /**
   * A 401 is the call's own answer, not a sign of an expired token: refreshing (and reloading)
   * would be wrong, e.g. while revoking the token on sign-out.
   */
  withoutReauth?: boolean;
  /** The generic error toast stays quiet for these failures, so the user never reads one twice. */
  showsOwnErrors?: ShowsOwnErrors;
}

/** What a call's answer carries besides its data; the error listener reads `isShownByScreen`. */
export interface AppBaseQueryMeta extends Partial<FetchBaseQueryMeta> {
  isShownByScreen?: boolean;
}

/**
 * The headers every API call carries: the bearer while the token is usable, and the CSRF token
 * from its cookie. Exported for the file picker's uploads (Uppy sends them itself), so every path
 * authenticates the same way.
 */
export function prepareApiHeaders(
  headers: Headers,
  { getState, extraOptions }: { getState: () => unknown; extraOptions?: unknown },
): Headers {
  const token = selectUsableAccessToken(getState() as StateWithSession);
  if (token && !(extraOptions as AppExtraOptions | undefined)?.withoutBearer) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  const csrfToken = readCookie('csrftoken');
  if (csrfToken) headers.set('X-CSRFTOKEN', csrfToken);
  return headers;
}

const fetchFromApi = fetchBaseQuery({
  baseUrl: API_BASE_PATH,
  credentials: 'include',
  redirect: 'manual',
  prepareHeaders: prepareApiHeaders,
});

type AppBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  AppExtraOptions,
  AppBaseQueryMeta
>;

/** fetchBaseQuery throws when the request cannot even be built; callers get an error value instead. */
const sendRequest: AppBaseQuery = async (args, api, extraOptions) => {
  try {
    return await fetchFromApi(args, api, extraOptions);
  } catch (error) {
    return { error: { status: 'CUSTOM_ERROR', error: REQUEST_SETUP_ERROR, data: String(error) } };
  }
};

// One refresh at a time: every request that meets a 401 while it runs waits for it instead.
const refreshMutex = new Mutex();

async function refreshSession(api: BaseQueryApi, refreshToken: string): Promise<void> {
  const result = await sendRequest(
    {
      url: TOKEN_ENDPOINT,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: env.OAUTH_CLIENT_ID,
        client_secret: env.OAUTH_CLIENT_SECRET,
        refresh_token: refreshToken,
      }).toString(),
    },
    api,
    { withoutBearer: true },
  );
  if (result.data) {
    const tokens = result.data as TokenResponse;
    api.dispatch(
      tokenRefreshed({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }),
    );
    // The page reloads after a refresh; the new token must reach storage before it goes.
    await flushPersistedState(api.dispatch);
    browserLocation.reload();
    return;
  }
  const status = result.error?.status;
  if (status === 400 || status === 429) api.dispatch(signedOut());
  // Anything else (network, 5xx) may be transient: keep the session and let the next call retry.
}

/**
 * The one answer to a 401: refresh once under the mutex (then reload) or sign out. `tokenSent` is the
 * access token the refused call carried; when the session holds another one by now, some other call
 * already refreshed (or signed out) and nothing more is done.
 */
async function reauthenticate(api: BaseQueryApi, tokenSent: string | null): Promise<void> {
  if (refreshMutex.isLocked()) {
    await refreshMutex.waitForUnlock();
    return;
  }
  await refreshMutex.runExclusive(async () => {
    const state = api.getState() as StateWithSession;
    const refreshToken = selectRefreshToken(state);
    if (!refreshToken || !tokenSent || selectAccessToken(state) !== tokenSent) return;
    await refreshSession(api, refreshToken);
  });
}

/**
 * A call made outside the base query (the file picker's upload) met a 401: the session takes the
 * same path as a refused API call.
 */
export function sessionExpired(): ThunkAction<
  Promise<void>,
  StateWithSession,
  unknown,
  UnknownAction
> {
  return (dispatch, getState) =>
    reauthenticate(
      {
        dispatch,
        getState,
        signal: new AbortController().signal,
        abort: () => undefined,
        extra: undefined,
        endpoint: 'sessionExpired',
        type: 'mutation',
      },
      selectAccessToken(getState()),
    );
}

function isShownByScreen(showsOwnErrors: ShowsOwnErrors | undefined, error: FetchBaseQueryError) {
  return typeof showsOwnErrors === 'function' ? showsOwnErrors(error) : Boolean(showsOwnErrors);
}

export const baseQueryWithReauth: AppBaseQuery = async (args, api, extraOptions) => {
  await refreshMutex.waitForUnlock();
  const tokenSent = selectAccessToken(api.getState() as StateWithSession);
  const result = await sendRequest(args, api, extraOptions);
  if (result.error?.status === 401 && !extraOptions?.withoutReauth) {
    await reauthenticate(api, tokenSent);
  }
  if (result.error && isShownByScreen(extraOptions?.showsOwnErrors, result.error)) {
    return { ...result, meta: { ...result.meta, isShownByScreen: true } };
  }
  return result;
};
