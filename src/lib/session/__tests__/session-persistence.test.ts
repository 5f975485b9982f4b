import { persistStore, type Persistor } from 'redux-persist';

import { setupStore } from '@/app/store';
import {
  decodeSessionValue,
  encodeSessionValue,
  flushPersistedState,
  SESSION_STORAGE_KEY,
} from '@/lib/session/session-persistence';
import {
  profileLoaded,
  selectSession,
  signedIn,
  type SessionState,
} from '@/lib/session/session-slice';
import { SHARED_USER_PROFILE } from '@/testing/fixtures';

const STORAGE_KEY = `persist:${SESSION_STORAGE_KEY}`;

function waitForRehydration(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}

/** What local storage holds for one session key, decoded from redux-persist's JSON. */
function storedValue(key: keyof SessionState): unknown {
  const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
  return stored[key] === undefined ? undefined : JSON.parse(stored[key]);
}

describe('session encodings', () => {
  it.each([
    ['isSharedUser', true, 1],
    ['isSharedUser', false, 0],
    ['sharedUserAccess', { verifications: true }, '{"verifications":true}'],
    ['sharedUserAccess', null, null],
    ['ownerUserDetails', { email: 'o@example.com' }, '{"email":"o@example.com"}'],
    ['hasSetupCustomDomain', true, true],
    ['accessToken', 'token', 'token'],
    ['expiresIn', 1772719620000, 1772719620000],
  ] as const)('%s %j is stored as %j and read back', (key, value, stored) => {
    expect(encodeSessionValue(value, key)).toEqual(stored);
    expect(decodeSessionValue(stored, key)).toEqual(value);
  });

  it('reads a missing or corrupted object as null instead of failing', () => {
    expect(decodeSessionValue('{not json', 'sharedUserAccess')).toBeNull();
    expect(decodeSessionValue(undefined, 'ownerUserDetails')).toBeNull();
    expect(decodeSessionValue('"text"', 'ownerUserDetails')).toBeNull();
  });
});

describe('session in local storage', () => {
  it('survives a page load with the stored encodings, except the onboarding flag', async () => {
    const firstStore = setupStore();
    const firstPersistor = persistStore(firstStore);
    await waitForRehydration(firstPersistor);

    firstStore.dispatch(signedIn({ accessToken: 'a1', refreshToken: 'r1' }));
    firstStore.dispatch(profileLoaded(SHARED_USER_PROFILE));
    await flushPersistedState(firstStore.dispatch);

    expect(storedValue('isSharedUser')).toBe(1);
    expect(storedValue('sharedUserAccess')).toBe(JSON.stringify(SHARED_USER_PROFILE.shared_access));
    expect(storedValue('ownerUserDetails')).toBe(JSON.stringify(SHARED_USER_PROFILE.owner_user));
    expect(storedValue('showOnboardingScene')).toBeUndefined();

    const reloadedStore = setupStore();
    await waitForRehydration(persistStore(reloadedStore));
    const session = selectSession(reloadedStore.getState());
    expect(session).toMatchObject({
      accessToken: 'a1',
      refreshToken: 'r1',
      email: SHARED_USER_PROFILE.email,
      fullName: 'Sam Shared',
      isSharedUser: true,
      sharedUserAccess: SHARED_USER_PROFILE.shared_access,
      ownerUserDetails: SHARED_USER_PROFILE.owner_user,
      expiresIn: selectSession(firstStore.getState()).expiresIn,
    });
    expect(session.showOnboardingScene).toBe(false);
  });
});
