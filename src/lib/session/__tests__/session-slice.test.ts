import { setupStore } from '@/app/store';
import {
  profileLoaded,
  selectAccess,
  selectIsAuthenticated,
  selectSession,
  SESSION_LIFETIME_MS,
  type SessionState,
  signedIn,
  signedOut,
  tokenRefreshed,
} from '@/lib/session/session-slice';
import {
  OWNER_PROFILE,
  SHARED_USER_PROFILE,
  sharedUserSession,
  signedInSession,
} from '@/testing/fixtures';
import { ACCESS_AREAS } from '@common/team';

const NOW = new Date('2026-03-05T14:07:00Z').getTime();
const HOURS_48 = 48 * 60 * 60 * 1000;

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('session lifetime', () => {
  it('is 48 hours', () => {
    expect(SESSION_LIFETIME_MS).toBe(HOURS_48);
  });

  it('signedIn stores the tokens and expires 48 hours from now', () => {
    const store = setupStore();
    store.dispatch(signedIn({ accessToken: 'a1', refreshToken: 'r1', email: 'o@example.com' }));
    expect(selectSession(store.getState())).toMatchObject({
      accessToken: 'a1',
      refreshToken: 'r1',
      email: 'o@example.com',
      expiresIn: NOW + HOURS_48,
    });
  });

  it('tokenRefreshed replaces the tokens and restarts the 48 hours', () => {
    const store = setupStore({ session: signedInSession({ expiresIn: NOW + 1000 }) });
    jest.setSystemTime(NOW + 500);
    store.dispatch(tokenRefreshed({ accessToken: 'a2', refreshToken: 'r2' }));
    expect(selectSession(store.getState())).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      expiresIn: NOW + 500 + HOURS_48,
    });
  });

  it('tokenRefreshed keeps the refresh token when the server sends none', () => {
    const store = setupStore({ session: signedInSession({ refreshToken: 'r1' }) });
    store.dispatch(tokenRefreshed({ accessToken: 'a2' }));
    expect(selectSession(store.getState()).refreshToken).toBe('r1');
  });
});

describe('selectIsAuthenticated', () => {
  it('is true with a token until the expiry passes', () => {
    const store = setupStore();
    store.dispatch(signedIn({ accessToken: 'a1', refreshToken: 'r1' }));
    expect(selectIsAuthenticated(store.getState())).toBe(true);

    jest.setSystemTime(NOW + HOURS_48 - 1);
    expect(selectIsAuthenticated(store.getState())).toBe(true);

    jest.setSystemTime(NOW + HOURS_48);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('is false without an access token even before the expiry', () => {
    const store = setupStore({ session: signedInSession({ accessToken: null }) });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('is false without an expiry', () => {
    const store = setupStore({ session: signedInSession({ expiresIn: null }) });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });
});

describe('profileLoaded', () => {
  it("maps an owner's profile onto the session", () => {
    const store = setupStore({ session: signedInSession() });
    store.dispatch(profileLoaded(OWNER_PROFILE));
    expect(selectSession(store.getState())).toMatchObject({
      email: OWNER_PROFILE.email,
      fullName: 'Olivia Owner',
      isSharedUser: false,
      hasSetupCustomDomain: true,
      sharedUserAccess: null,
      ownerUserDetails: null,
      showOnboardingScene: false,
    });
  });

  it('marks a shared user, keeps their access and owner, and asks for onboarding when industry is null', () => {
    const store = setupStore({ session: signedInSession() });
    store.dispatch(profileLoaded(SHARED_USER_PROFILE));
    expect(selectSession(store.getState())).toMatchObject({
      fullName: 'Sam Shared',
      isSharedUser: true,
      hasSetupCustomDomain: false,
      sharedUserAccess: SHARED_USER_PROFILE.shared_access,
      ownerUserDetails: SHARED_USER_PROFILE.owner_user,
      showOnboardingScene: true,
    });
  });

  it('builds the full name from the first name alone when there is no last name', () => {
    const store = setupStore({ session: signedInSession() });
    // The server answers an empty last name, never null (the column is NOT NULL DEFAULT '').
    store.dispatch(profileLoaded({ ...OWNER_PROFILE, last_name: '' }));
    expect(selectSession(store.getState()).fullName).toBe('Olivia');
  });

  it('keeps the tokens', () => {
    const store = setupStore({ session: signedInSession({ accessToken: 'a1' }) });
    store.dispatch(profileLoaded(OWNER_PROFILE));
    expect(selectSession(store.getState()).accessToken).toBe('a1');
  });
});

describe('selectAccess', () => {
  it('gives an owner edit in every area', () => {
    const state = setupStore({ session: signedInSession() }).getState();
    for (const area of ACCESS_AREAS) expect(selectAccess(state, area)).toBe('edit');
  });

  it('gives a shared user the level their owner set for each area', () => {
    const state = setupStore({ session: sharedUserSession() }).getState();
    expect(selectAccess(state, 'verifications')).toBe('edit');
    expect(selectAccess(state, 'templates')).toBe('view');
    expect(selectAccess(state, 'bulk')).toBe('none');
    expect(selectAccess(state, 'custom_domain')).toBe('none');
  });

  it('gives a shared user with no stored permissions none, and an area missing from them none', () => {
    const none = setupStore({ session: sharedUserSession({ sharedUserAccess: null }) }).getState();
    for (const area of ACCESS_AREAS) expect(selectAccess(none, area)).toBe('none');
    const partial = setupStore({
      session: sharedUserSession({
        sharedUserAccess: { verifications: 'view' } as unknown as SessionState['sharedUserAccess'],
      }),
    }).getState();
    expect(selectAccess(partial, 'verifications')).toBe('view');
    expect(selectAccess(partial, 'integrations')).toBe('none');
  });
});

describe('signedOut', () => {
  it('forgets everything about the session', () => {
    const store = setupStore({ session: signedInSession() });
    store.dispatch(profileLoaded(SHARED_USER_PROFILE));
    store.dispatch(signedOut());
    expect(selectSession(store.getState())).toMatchObject({
      email: null,
      accessToken: null,
      refreshToken: null,
      expiresIn: null,
      isSharedUser: false,
      sharedUserAccess: null,
    });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });
});
