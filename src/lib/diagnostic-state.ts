// What support staff need without Redux DevTools: the store's state with its secrets masked, and the types of the
// last actions with their times, which a middleware remembers for each store.
import { createAction, isAction, type Middleware } from '@reduxjs/toolkit';

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
