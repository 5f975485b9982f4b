import * as Sentry from '@sentry/react';

import { setupStore } from '@/app/store';
import { baseApi } from '@/lib/api/base-api';
import { registerNotificationOutlet } from '@/lib/notify';
import { initSentry } from '@/lib/sentry';
import { sharedUserSession, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';

jest.mock('@sentry/react', () => ({
  init: jest.fn(),
  browserTracingIntegration: jest.fn(),
  replayIntegration: jest.fn(),
  captureMessage: jest.fn(),
  captureException: jest.fn(),
}));

// Sentry as the app has it once a DSN turned it on and it has loaded.
beforeAll(() => initSentry('https://key@o1.ingest.sentry.io/2'));

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProbe: build.query<unknown, void>({ query: () => 'probe/' }),
    changeProbe: build.mutation<unknown, void>({
      query: () => ({ url: 'probe/', method: 'POST' }),
    }),
    // The screen explains a 400 itself; other failures keep their toasts.
    getExplained: build.query<unknown, void>({
      query: () => 'explained/',
      extraOptions: { showsOwnErrors: (error) => error.status === 400 },
    }),
    getAllExplained: build.query<unknown, void>({
      query: () => 'all-explained/',
      extraOptions: { showsOwnErrors: true },
    }),
    // A queryFn endpoint that forwards the base query's meta, as the file downloads do.
    getExplainedFile: build.query<unknown, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('explained-file/');
        return result.error ? { error: result.error, meta: result.meta } : { data: null };
      },
      extraOptions: { showsOwnErrors: true },
    }),
  }),
});

async function callFailingEndpoint(status: number, body: unknown) {
  mockFetch(() => jsonResponse(body, status));
  const store = setupStore({ session: signedInSession() });
  await store.dispatch(probeApi.endpoints.getProbe.initiate());
  return store;
}

// No notification provider is mounted here, so notify() reports through console.warn.
/** The toasts among console warnings (a busy machine also hears from Redux's dev-only timing checks). */
function toastsIn(warn: jest.SpyInstance): string[] {
  return warn.mock.calls
    .map(([message]) => String(message))
    .filter((message) => !message.includes('InvariantMiddleware took'));
}

describe('failed API calls', () => {
  it('toast once through notify and keep the error for the caller', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await callFailingEndpoint(403, { error: { message: 'Plan limit reached.' } });

    expect(toastsIn(warn)).toEqual([
      expect.stringContaining('Limit Exhusted — Plan limit reached.'),
    ]);
    const result = probeApi.endpoints.getProbe.select()(store.getState());
    expect(result.error).toMatchObject({ status: 403 });
  });

  it('report 5xx answers to Sentry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await callFailingEndpoint(500, { error: { message: 'Database down' } });

    expect(Sentry.captureMessage).toHaveBeenCalledWith(
      'API getProbe answered 500',
      expect.objectContaining({
        level: 'error',
        extra: { body: { error: { message: 'Database down' } } },
      }),
    );
  });

  it('do not report a full securing queue to Sentry: the server answered as designed', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await callFailingEndpoint(503, { error: { code: 'server_busy', message: 'Busy.' } });

    expect(toastsIn(warn)).toEqual([expect.stringContaining('Server Busy — Busy.')]);
    expect(Sentry.captureMessage).not.toHaveBeenCalled();
  });

  it('do not report client errors to Sentry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await callFailingEndpoint(400, { error: { message: 'Bad input' } });

    expect(Sentry.captureMessage).not.toHaveBeenCalled();
  });

  it('stay quiet for failures the calling screen explains itself, and only those', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = setupStore({ session: signedInSession() });

    mockFetch(() => jsonResponse({ error: { message: 'Code expired' } }, 400));
    await store.dispatch(probeApi.endpoints.getExplained.initiate());
    expect(toastsIn(warn)).toEqual([]);

    mockFetch(() => jsonResponse({ error: { message: 'Plan limit reached.' } }, 403));
    await store.dispatch(
      probeApi.endpoints.getExplained.initiate(undefined, { forceRefetch: true }),
    );
    expect(toastsIn(warn)).toEqual([expect.stringContaining('Limit Exhusted')]);
  });

  it('stay quiet for every failure of an endpoint whose screen explains them all', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = setupStore({ session: signedInSession() });

    mockFetch(() => jsonResponse({ error: { message: 'Plan limit reached.' } }, 403));
    await store.dispatch(probeApi.endpoints.getAllExplained.initiate());
    mockFetch(() => Promise.reject(new TypeError('offline')));
    await store.dispatch(probeApi.endpoints.getExplainedFile.initiate());

    expect(toastsIn(warn)).toEqual([]);
  });

  it('still report a screen-explained 5xx to Sentry', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse({ error: { message: 'Down' } }, 502));
    const store = setupStore({ session: signedInSession() });

    await store.dispatch(probeApi.endpoints.getAllExplained.initiate());

    expect(toastsIn(warn)).toEqual([]);
    expect(Sentry.captureMessage).toHaveBeenCalledWith(
      'API getAllExplained answered 502',
      expect.anything(),
    );
  });
});

describe("a shared user's permission_denied", () => {
  const denied = {
    error: { code: 'permission_denied', message: "You don't have access to bulk operations." },
  };

  it('raises no toast for queries, however many fail: the screen shows its no-access state', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(denied, 403));
    const store = setupStore({ session: signedInSession() });
    await Promise.all([
      store.dispatch(probeApi.endpoints.getProbe.initiate()),
      store.dispatch(probeApi.endpoints.getExplained.initiate()),
    ]);

    expect(toastsIn(warn)).toEqual([]);
    expect(probeApi.endpoints.getProbe.select()(store.getState()).error).toMatchObject({
      status: 403,
    });
  });

  it('says No Access once for a refused change, never Limit Exhusted', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(denied, 403));
    const store = setupStore({ session: signedInSession() });
    await store.dispatch(probeApi.endpoints.changeProbe.initiate());

    expect(toastsIn(warn)).toEqual([
      expect.stringContaining("No Access — You don't have access to bulk operations."),
    ]);
  });
});

describe('a plan limit', () => {
  const planLimit = {
    error: {
      code: 'plan_limit',
      message: 'Your plan allows 10 verifications a month. Upgrade to secure more.',
      details: { limit_key: 'verifications_per_month', limit: 10, used: 10 },
    },
  };
  let shown: jest.Mock;
  let unregister: () => void;

  beforeEach(() => {
    shown = jest.fn();
    unregister = registerNotificationOutlet(shown);
  });
  afterEach(() => unregister());

  async function hitLimit(session = signedInSession(), body: unknown = planLimit) {
    mockFetch(() => jsonResponse(body, 403));
    const store = setupStore({ session });
    await store.dispatch(probeApi.endpoints.changeProbe.initiate());
  }

  it("is the spec's 'Limit Exhusted' toast with the server's message and a link to the plans", async () => {
    await hitLimit();

    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        severity: 'warning',
        summary: 'Limit Exhusted',
        detail: 'Your plan allows 10 verifications a month. Upgrade to secure more.',
        action: { label: 'See plans', href: '/subscription/plans' },
      }),
    );
  });

  it('is toasted even where the screen explains its failures itself', async () => {
    mockFetch(() => jsonResponse(planLimit, 403));
    const store = setupStore({ session: signedInSession() });
    await store.dispatch(probeApi.endpoints.getAllExplained.initiate());

    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ summary: 'Limit Exhusted', action: expect.anything() }),
    );
  });

  it('links nowhere for a shared user, who cannot change the plan', async () => {
    await hitLimit(sharedUserSession());

    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Limit Exhusted' }));
    expect(shown.mock.calls[0][0]).not.toHaveProperty('action');
  });

  it('leaves other 403s as they were', async () => {
    await hitLimit(signedInSession(), { error: { message: 'Quota used up.' } });

    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ summary: 'Limit Exhusted', detail: 'Quota used up.' }),
    );
    expect(shown.mock.calls[0][0]).not.toHaveProperty('action');
  });
});
