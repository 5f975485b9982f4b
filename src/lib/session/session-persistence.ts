// How the session is mirrored in local storage. The encodings are the ones earlier versions stored (isSharedUser
// as 0/1, the two objects as JSON text); showOnboardingScene stays in memory only.
import { createTransform, FLUSH, type PersistConfig } from 'redux-persist';
import storage from 'redux-persist/lib/storage';

import type { SessionState } from './session-slice';
import type { Dispatch } from '@reduxjs/toolkit';

type SessionKey = keyof SessionState;

/** A JSON object from stored text; null for anything else, corrupted text included. */
export function parseJsonObject(stored: unknown): Record<string, unknown> | null {
  if (typeof stored !== 'string') return null;
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    // Hand-edited or corrupted storage must not lock the user out.
    return null;
  }
}

export function encodeSessionValue(value: unknown, key: SessionKey): unknown {
  switch (key) {
    case 'isSharedUser':
      return value ? 1 : 0;
    case 'sharedUserAccess':
    case 'ownerUserDetails':
      return value === null || value === undefined ? null : JSON.stringify(value);
    default:
      return value;
  }
}

export function decodeSessionValue(stored: unknown, key: SessionKey): unknown {
  switch (key) {
    case 'isSharedUser':
      return stored === 1 || stored === '1';
    case 'hasSetupCustomDomain':
      return stored === true;
    case 'sharedUserAccess':
    case 'ownerUserDetails':
      return parseJsonObject(stored);
    default:
      return stored;
  }
}

export const sessionEncodingTransform = createTransform<
  unknown,
  unknown,
  SessionState,
  SessionState
>(
  (value, key) => encodeSessionValue(value, key),
  (stored, key) => decodeSessionValue(stored, key),
);

export const SESSION_STORAGE_KEY = 'session';

export const sessionPersistConfig: PersistConfig<SessionState> = {
  key: SESSION_STORAGE_KEY,
  storage,
  blacklist: ['showOnboardingScene'],
  transforms: [sessionEncodingTransform],
};

/**
 * Writes pending session changes to storage now. Needed before a page reload, which would
 * otherwise drop redux-persist's throttled write.
 */
export async function flushPersistedState(dispatch: Dispatch): Promise<void> {
  const writes: Promise<unknown>[] = [];
  dispatch({ type: FLUSH, result: (write?: Promise<unknown>) => write && writes.push(write) });
  await Promise.all(writes);
}
