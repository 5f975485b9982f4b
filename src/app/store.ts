import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  isPlain,
  type Action,
  type DevToolsEnhancerOptions,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';

import { pathTo } from '@/config/routes';
import { listenForApiErrors } from '@/lib/api/api-error-listener';
import { baseApi } from '@/lib/api/base-api';
import { maskCredentialArguments, resettingCredentialCalls } from '@/lib/api/credential-calls';
import { createDiagnosticsMiddleware } from '@/lib/diagnostic-state';
import { redactSecrets } from '@/lib/secrets';
import { sessionPersistConfig } from '@/lib/session/session-persistence';
import {
  initialSessionState,
  sessionReducer,
  type SessionState,
} from '@/lib/session/session-slice';

import { listenForSessionEnd } from './session-end-listener';

// Only the session is persisted; API data is refetched, never restored from storage.
const rootReducer = combineReducers({
  [baseApi.reducerPath]: resettingCredentialCalls(baseApi.reducer),
  session: persistReducer(sessionPersistConfig, sessionReducer),
});

export type RootState = ReturnType<typeof rootReducer>;

/** What a test or the app may start with: the session (the API cache always starts empty). */
export interface PreloadedState {
  session?: Partial<SessionState>;
}

/**
 * Redux DevTools stays on in production: support staff inspect the state with it. It is never shown a secret:
 * passwords, tokens, one-time codes, keys and webhook secrets read as '[secret]'.
 */
const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'QR Verify',
  actionSanitizer: <A extends Action>(action: A) => redactSecrets(maskCredentialArguments(action)),
  stateSanitizer: (state) => redactSecrets(state),
};

/** A fresh store; the app makes one, and every test makes its own. */
export function setupStore(preloadedState: PreloadedState = {}) {
  const listeners = createListenerMiddleware();
  listenForApiErrors(listeners.startListening, { plansPath: pathTo('subscription-plans') });
  listenForSessionEnd(listeners.startListening);

  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: { ...initialSessionState, ...preloadedState.session } as RootState['session'],
    },
    devTools: devToolsOptions,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: {
          // redux-persist's lifecycle actions carry callbacks by design.
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // The preview reads a staged document as a File; a Blob never changes, like a plain value.
          isSerializable: (value: unknown) => isPlain(value) || value instanceof Blob,
        },
      })
        .prepend(createDiagnosticsMiddleware(), listeners.middleware)
        .concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
/** A thunk that may read the state and dispatch anything, including RTK Query's initiate(). */
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, UnknownAction>;
