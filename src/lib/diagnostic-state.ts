// What support staff need without Redux DevTools: the store's state with its secrets masked, and the types of the
// last actions with their times, which a middleware remembers for each store.
import { createAction, isAction, type Middleware } from '@reduxjs/toolkit';

import { baseApi } from '@/lib/api/base-api';
import { redactSecrets } from '@/lib/secrets';

export const RECENT_ACTIONS_KEPT = 50;

export interface RecentAction {
  type: string;
  /** ISO time the action was dispatched. */
  at: string;
}

export interface DiagnosticState {
  /** ISO time the state was read. */
  takenAt: string;
  state: unknown;
  /** Oldest first. */
  recentActions: RecentAction[];
}

/** Dispatched, it answers the DiagnosticState; it never reaches the reducers. */
export const diagnosticStateRequested = createAction('diagnostics/stateRequested');

type DiagnosticDispatch = (action: ReturnType<typeof diagnosticStateRequested>) => DiagnosticState;

/** Remembers the last RECENT_ACTIONS_KEPT actions and answers diagnosticStateRequested. */
export function createDiagnosticsMiddleware(): Middleware<DiagnosticDispatch> {
  const recentActions: RecentAction[] = [];
  return (store) => (next) => (action) => {
    if (diagnosticStateRequested.match(action)) {
      return {
        takenAt: new Date().toISOString(),
        state: redactSecrets(store.getState()),
        recentActions: [...recentActions],
      } satisfies DiagnosticState;
    }
    if (isAction(action)) {
      recentActions.push({ type: action.type, at: new Date().toISOString() });
      if (recentActions.length > RECENT_ACTIONS_KEPT) recentActions.shift();
    }
    return next(action);
  };
}

/** In place of the API's cached answers in a diagnostic state too long to send. */
export const ANSWERS_LEFT_OUT = '[left out: too long to send]';

type CacheEntries = Record<string, object | undefined>;

function withoutAnswers(entries: CacheEntries = {}): CacheEntries {
  return Object.fromEntries(
    Object.entries(entries).map(([key, entry]) => [
      key,
      entry && 'data' in entry ? { ...entry, data: ANSWERS_LEFT_OUT } : entry,
    ]),
  );
}

/**
 * The diagnostic state as the indented JSON support reads. Past `maxLength` characters the API's cached answers
 * are left out: which calls were made, with what and how they ended, still says what the app was doing.
 */
export function diagnosticStateText(
  diagnostic: DiagnosticState,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const text = JSON.stringify(diagnostic, null, 2);
  if (text.length <= maxLength) return text;
  const state = diagnostic.state as Record<string, unknown>;
  const api = state[baseApi.reducerPath] as { queries?: CacheEntries; mutations?: CacheEntries };
  const shortened = {
    ...state,
    [baseApi.reducerPath]: {
      ...api,
      queries: withoutAnswers(api.queries),
      mutations: withoutAnswers(api.mutations),
    },
  };
  return JSON.stringify({ ...diagnostic, state: shortened }, null, 2);
}
