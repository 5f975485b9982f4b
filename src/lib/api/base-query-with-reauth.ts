// The one base query: spec section 7 conventions plus the token refresh of section 4.
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

/** CUSTOM_ERROR marker for a request that failed before it could be sent. */
export const REQUEST_SETUP_ERROR = 'REQUEST_SETUP_ERROR';

interface AppExtraOptions {
  /** The refresh call authenticates with the refresh token, never with the stale bearer. */
  withoutBearer?: boolean;
  /**
   * A 401 is the call's own answer, not a sign of an expired token: refreshing (and reloading)
   * would be wrong, e.g. while revoking the token on sign-out.
   */
  withoutReauth?: boolean;
}

/**
 * The headers every API call carries: the bearer while the token is usable, and the CSRF token
 * from its cookie. Exported for the one call that cannot go through fetch (an upload that reports
 * progress over XMLHttpRequest), so both paths authenticate the same way.
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
  FetchBaseQueryMeta
>;

/** fetchBaseQuery throws when the request cannot even be built; callers get an error value instead. */
const sendRequest: AppBaseQuery = async (args, api, extraOptions) => {
  try {
    return await fetchFromApi(args, api, extraOptions);
  } catch (error) {
    return { error: { status: 'CUSTOM_ERROR', error: REQUEST_SETUP_ERROR, data: String(error) } };
  }
};

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
}

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
    // The spec reloads after a refresh; the new token must reach storage before the page goes.
    await flushPersistedState(api.dispatch);
    browserLocation.reload();
    return;
  }
  const status = result.error?.status;
  if (status === 400 || status === 429) api.dispatch(signedOut());
  // Anything else (network, 5xx) may be transient: keep the session and let the next call retry.
}

export const baseQueryWithReauth: AppBaseQuery = async (args, api, extraOptions) => {
  await refreshMutex.waitForUnlock();
  const tokenSent = selectAccessToken(api.getState() as StateWithSession);
  const result = await sendRequest(args, api, extraOptions);
  if (result.error?.status !== 401 || extraOptions?.withoutReauth) return result;

  if (refreshMutex.isLocked()) {
    await refreshMutex.waitForUnlock();
    return result;
  }
  await refreshMutex.runExclusive(async () => {
    const state = api.getState() as StateWithSession;
    const refreshToken = selectRefreshToken(state);
    // A changed token means another request already refreshed (or signed out) meanwhile.
    if (!refreshToken || !tokenSent || selectAccessToken(state) !== tokenSent) return;
    await refreshSession(api, refreshToken);
  });
  return result;
};
