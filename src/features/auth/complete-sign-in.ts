// What every way of signing in ends with: store the tokens, then load the profile.
import type { AppThunk } from '@/app/store';
import { signedIn } from '@/lib/session/session-slice';
import type { UserProfile } from '@common/auth-schemas';

import { authApi, type OAuthTokens } from './api/auth-api';

/**
 * Starts the session with `tokens` and loads the profile (getProfile's own handler dispatches
 * profileLoaded). Resolves with the profile, or null when it could not be loaded: the session
 * stands, and the signed-in layout tries the profile again.
 */
export function completeSignIn(
  tokens: OAuthTokens,
  email?: string,
): AppThunk<Promise<UserProfile | null>> {
  return async (dispatch) => {
    dispatch(
      signedIn({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token, email }),
    );
    const result = await dispatch(
      authApi.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    return result.data ?? null;
  };
}

/** Signs in with email and password; rejects with the token endpoint's error. */
export function signInWithPassword(email: string, password: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const tokens = await dispatch(
      authApi.endpoints.signInWithPassword.initiate({ email, password }),
    ).unwrap();
    await dispatch(completeSignIn(tokens, email));
  };
}
