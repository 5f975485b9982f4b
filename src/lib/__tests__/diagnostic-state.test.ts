import { setupStore } from '@/app/store';
import { diagnosticStateRequested, RECENT_ACTIONS_KEPT } from '@/lib/diagnostic-state';
import { SECRET_MARKER } from '@/lib/secrets';
import { customDomainChanged, deletionCancelled } from '@/lib/session/session-slice';
import { OWNER_EMAIL, signedInSession } from '@/testing/fixtures';

describe('the diagnostic state', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-01T09:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('gives the state with its secrets masked and the last 50 action types with their times', () => {
    const store = setupStore({ session: signedInSession() });
    store.dispatch(customDomainChanged({ isVerified: true }));
    for (let second = 1; second <= RECENT_ACTIONS_KEPT; second += 1) {
      jest.setSystemTime(new Date(`2026-03-01T09:00:00Z`).getTime() + second * 1000);
      store.dispatch(deletionCancelled());
    }
    const stateBefore = store.getState();

    const diagnostic = store.dispatch(diagnosticStateRequested());

    expect(diagnostic.takenAt).toBe('2026-03-01T09:00:50.000Z');
    expect(diagnostic.state).toMatchObject({
      session: {
        email: OWNER_EMAIL,
        accessToken: SECRET_MARKER,
        refreshToken: SECRET_MARKER,
        hasSetupCustomDomain: true,
      },
    });
    expect(diagnostic.recentActions).toHaveLength(RECENT_ACTIONS_KEPT);
    // The oldest went to make room; the request itself is no action of the app's.
    expect(diagnostic.recentActions.map(({ type }) => type)).not.toContain(
      customDomainChanged.type,
    );
    expect(diagnostic.recentActions[0]).toEqual({
      type: deletionCancelled.type,
      at: '2026-03-01T09:00:01.000Z',
    });
    expect(diagnostic.recentActions.at(-1)).toEqual({
      type: deletionCancelled.type,
      at: '2026-03-01T09:00:50.000Z',
    });
    expect(store.getState()).toBe(stateBefore);
    expect(store.getState().session.accessToken).toBe('access-token-1');
  });

  it('is kept per store', () => {
    const first = setupStore();
    first.dispatch(deletionCancelled());
    const second = setupStore();
    expect(second.dispatch(diagnosticStateRequested()).recentActions).not.toContainEqual(
      expect.objectContaining({ type: deletionCancelled.type }),
    );
  });
});
