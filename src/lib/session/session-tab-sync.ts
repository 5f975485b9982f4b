// Keeps the tabs of one browser on the newest tokens. Refresh tokens rotate: a tab still holding the old pair
// would otherwise refresh with a retired token once the server's grace window is over, which the server takes
// for a leaked token and answers by signing the user out everywhere.
import { decodeSessionValue, parseJsonObject, SESSION_STORAGE_KEY } from './session-persistence';
import { tokensChangedInAnotherTab, type StateWithSession } from './session-slice';

import type { Dispatch } from '@reduxjs/toolkit';

const PERSISTED_SESSION_KEY = `persist:${SESSION_STORAGE_KEY}`;

interface SessionStore {
  dispatch: Dispatch;
  getState(): StateWithSession;
}

function storedField(
  stored: Record<string, unknown>,
  key: 'email' | 'accessToken' | 'refreshToken' | 'expiresIn',
) {
  const text = stored[key];
  if (typeof text !== 'string') return undefined;
  try {
    return decodeSessionValue(JSON.parse(text), key);
  } catch {
    return undefined;
  }
}

/**
 * Adopts the tokens another tab stores for the same signed-in user (the storage event fires only in the other
 * tabs). Sign-in as someone else and sign-out are left to each tab's own flow. Returns the unsubscribe.
 */
export function syncSessionAcrossTabs(store: SessionStore, target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== PERSISTED_SESSION_KEY || event.newValue === null) return;
    const stored = parseJsonObject(event.newValue);
    if (!stored) return;
    const accessToken = storedField(stored, 'accessToken');
    const refreshToken = storedField(stored, 'refreshToken');
    const expiresIn = storedField(stored, 'expiresIn');
    const current = store.getState().session;
    const isSameUser =
      current.refreshToken !== null && storedField(stored, 'email') === current.email;
    if (
      !isSameUser ||
      typeof accessToken !== 'string' ||
      typeof refreshToken !== 'string' ||
      typeof expiresIn !== 'number' ||
      accessToken === current.accessToken
    ) {
      return;
    }
    store.dispatch(tokensChangedInAnotherTab({ accessToken, refreshToken, expiresIn }));
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
