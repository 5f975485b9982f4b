// Signing out, as one function for every Sign Out button.
import type { AppThunk } from '@/app/store';
import { selectAccessToken, signedOut } from '@/lib/session/session-slice';

import { authApi } from './api/auth-api';

/**
 * Revokes the access token, then ends the session whatever the revocation
 * answered: the signedOut event clears API caches and local storage and replaces the location
 * with signin (see app/session-end-listener.ts).
 */
export function signOut(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const token = selectAccessToken(getState());
    if (token) {
      // Not unwrapped: a failed revocation resolves with an error value and is ignored.
      await dispatch(authApi.endpoints.revokeToken.initiate(token));
    }
    dispatch(signedOut());
  };
}
