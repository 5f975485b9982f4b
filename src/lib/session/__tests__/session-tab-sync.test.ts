import { persistStore } from 'redux-persist';

import { setupStore } from '@/app/store';
import {
  encodeSessionValue,
  flushPersistedState,
  SESSION_STORAGE_KEY,
} from '@/lib/session/session-persistence';
import {
  selectSession,
  signedIn,
  tokenRefreshed,
  type SessionState,
} from '@/lib/session/session-slice';
import { syncSessionAcrossTabs } from '@/lib/session/session-tab-sync';

const SIGNED_IN: Partial<SessionState> = {
  email: 'ada@example.com',
  accessToken: 'old-access',
  refreshToken: 'old-refresh',
  expiresIn: Date.now() + 60_000,
};

/** What redux-persist writes for a session: each field encoded, then JSON text, then the whole as JSON. */
function persisted(session: Partial<SessionState>): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(session).map(([key, value]) => [
        key,
        JSON.stringify(encodeSessionValue(value, key as keyof SessionState)),
      ]),
    ),
  );
}

function storedByAnotherTab(
  session: Partial<SessionState>,
  key = `persist:${SESSION_STORAGE_KEY}`,
) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: persisted(session) }));
}

describe('syncSessionAcrossTabs', () => {
  let stopSync: () => void = () => undefined;

  afterEach(() => stopSync());

  function signedInTab(session: Partial<SessionState> = SIGNED_IN) {
    const store = setupStore({ session });
    stopSync = syncSessionAcrossTabs(store);
    return store;
  }

  it('uses the tokens another tab stored after refreshing the same session', () => {
    const store = signedInTab();
    const expiresIn = Date.now() + 120_000;

    storedByAnotherTab({
      ...SIGNED_IN,
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
      expiresIn,
    });

    expect(selectSession(store.getState())).toMatchObject({
      email: 'ada@example.com',
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
      expiresIn,
    });
  });

  it('follows what another tab wrote to local storage when it refreshed', async () => {
    const otherTab = setupStore();
    const otherPersistor = persistStore(otherTab);
    otherTab.dispatch(signedIn({ accessToken: 'a1', refreshToken: 'r1' }));
    await flushPersistedState(otherTab.dispatch);
    const thisTab = signedInTab({ ...selectSession(otherTab.getState()) });

    otherTab.dispatch(tokenRefreshed({ accessToken: 'a2', refreshToken: 'r2' }));
    await flushPersistedState(otherTab.dispatch);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: `persist:${SESSION_STORAGE_KEY}`,
        newValue: localStorage.getItem(`persist:${SESSION_STORAGE_KEY}`),
      }),
    );
    otherPersistor.pause();

    expect(selectSession(thisTab.getState())).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      expiresIn: selectSession(otherTab.getState()).expiresIn,
    });
  });

  it('ignores another user, a signed-out tab, other keys and unreadable values', () => {
    const store = signedInTab();
    const signedOutTab = setupStore();
    const stopOther = syncSessionAcrossTabs(signedOutTab);

    storedByAnotherTab({ ...SIGNED_IN, email: 'grace@example.com', accessToken: 'grace-access' });
    storedByAnotherTab({ ...SIGNED_IN, accessToken: 'other-key' }, 'persist:other');
    window.dispatchEvent(
      new StorageEvent('storage', { key: `persist:${SESSION_STORAGE_KEY}`, newValue: '{not json' }),
    );
    storedByAnotherTab({ ...SIGNED_IN, accessToken: null, refreshToken: null, expiresIn: null });
    stopOther();

    expect(selectSession(store.getState())).toMatchObject(SIGNED_IN);
    expect(selectSession(signedOutTab.getState()).accessToken).toBeNull();
  });

  it('stops listening when unsubscribed', () => {
    const store = signedInTab();
    stopSync();

    storedByAnotherTab({ ...SIGNED_IN, accessToken: 'new-access', refreshToken: 'new-refresh' });

    expect(selectSession(store.getState()).accessToken).toBe('old-access');
  });
});
