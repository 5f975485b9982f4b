// What ending a session means: API caches and all local storage cleared, then a hard navigation to
// signin so no screen keeps the old user's data in memory. It lives in app/ because it knows the routes.
import { FLUSH, PAUSE } from 'redux-persist';

import { pathTo } from '@/config/routes';
import { baseApi } from '@/lib/api/base-api';
import { browserLocation } from '@/lib/browser-location';
import { SESSION_STORAGE_KEY } from '@/lib/session/session-persistence';
import { signedOut } from '@/lib/session/session-slice';

import type { Dispatch, ListenerMiddlewareInstance } from '@reduxjs/toolkit';

/**
 * Writes what redux-persist still has to write, then stops it writing: the signed-out state is on its way to
 * storage, and landing after the clear it would leave the session's key behind.
 */
async function stopSessionWrites(dispatch: Dispatch): Promise<void> {
  let written: unknown;
  dispatch({ type: FLUSH, key: SESSION_STORAGE_KEY, result: (done: unknown) => (written = done) });
  await written;
  dispatch({ type: PAUSE, key: SESSION_STORAGE_KEY });
}

export function listenForSessionEnd(startListening: ListenerMiddlewareInstance['startListening']) {
  return startListening({
    actionCreator: signedOut,
    effect: async (_action, listenerApi) => {
      listenerApi.dispatch(baseApi.util.resetApiState());
      await stopSessionWrites(listenerApi.dispatch);
      localStorage.clear();
      browserLocation.replace(pathTo('signin'));
    },
  });
}
