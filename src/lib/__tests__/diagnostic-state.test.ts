import { setupStore } from '@/app/store';
import {
  ANSWERS_LEFT_OUT,
  diagnosticStateRequested,
  diagnosticStateText,
  RECENT_ACTIONS_KEPT,
  type DiagnosticState,
} from '@/lib/diagnostic-state';
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

describe('the diagnostic state as text', () => {
  /** A diagnostic state whose cached answers are `listed` (a query's) and `saved` (a mutation's). */
  function diagnosticWith(listed: unknown, saved: unknown): DiagnosticState {
    return {
      takenAt: '2026-03-01T09:00:00.000Z',
      state: {
        session: { email: OWNER_EMAIL },
        api: {
          queries: {
            'getVerifications({"page":1})': {
              status: 'fulfilled',
              endpointName: 'getVerifications',
              originalArgs: { page: 1 },
              data: listed,
            },
            'getProfile(undefined)': { status: 'rejected', error: { status: 500 } },
          },
          mutations: { abc: { status: 'fulfilled', endpointName: 'saveProfile', data: saved } },
        },
      },
      recentActions: [{ type: 'session/signedIn', at: '2026-03-01T08:59:00.000Z' }],
    };
  }
  const diagnostic = diagnosticWith(
    { results: Array.from({ length: 200 }, (_, id) => ({ id, title: 'Diploma' })) },
    { first_name: 'Olivia' },
  );

  it('is the whole diagnostic state as JSON when it fits', () => {
    expect(JSON.parse(diagnosticStateText(diagnostic))).toEqual(diagnostic);
  });

  it("leaves out the API's cached answers, and only them, when it would not fit", () => {
    const whole = diagnosticStateText(diagnostic);
    const text = diagnosticStateText(diagnostic, whole.length - 1);
    expect(text.length).toBeLessThan(whole.length);
    expect(JSON.parse(text)).toEqual(diagnosticWith(ANSWERS_LEFT_OUT, ANSWERS_LEFT_OUT));
  });
});
