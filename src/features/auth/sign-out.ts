// Signing out, as one function for every Sign Out button.
import { signedOut } from '@/lib/session/session-slice';

import type { Dispatch } from '@reduxjs/toolkit';

/**
 * Ends the session. The signedOut event clears API caches and local storage and replaces the
 * location with signin (see lib/session/session-end-listener.ts).
 * TODO(auth issue): revoke the token first (POST auth/token/revoke/ with client_id,
 * client_secret, token), then dispatch signedOut whatever the revocation answers.
 */
export function signOut() {
  return async (dispatch: Dispatch): Promise<void> => {
    dispatch(signedOut());
  };
}
