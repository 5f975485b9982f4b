// What ending a session means (spec section 4, sign-out): API caches and all local storage
// cleared, then a hard navigation to signin so no screen keeps the old user's data in memory.

import { pathTo } from '@/app/routes';
import { baseApi } from '@/lib/api/base-api';
import { browserLocation } from '@/lib/browser-location';

import { signedOut } from './session-slice';

import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';

export function listenForSessionEnd(startListening: ListenerMiddlewareInstance['startListening']) {
  return startListening({
    actionCreator: signedOut,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(baseApi.util.resetApiState());
      localStorage.clear();
      browserLocation.replace(pathTo('signin'));
    },
  });
}
