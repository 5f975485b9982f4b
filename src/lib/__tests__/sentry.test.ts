jest.mock('@sentry/react', () => ({
  init: jest.fn(),
  browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: jest.fn(() => ({ name: 'Replay' })),
  captureMessage: jest.fn(),
  captureException: jest.fn(),
}));

const DSN = 'https://key@o1.ingest.sentry.io/2';

/** A fresh copy of the module (it remembers whether Sentry has loaded) and of the mocked SDK. */
function loadModules() {
  jest.resetModules();
  return {
    reporting: jest.requireActual<typeof import('@/lib/sentry')>('@/lib/sentry'),
    sdk: jest.requireMock<typeof import('@sentry/react')>('@sentry/react'),
  };
}

const serverError = { endpointName: 'getVerifications', status: 500, body: 'boom' };

describe('initSentry', () => {
  it('stays off without a DSN', async () => {
    const { reporting, sdk } = loadModules();
    await expect(reporting.initSentry('')).resolves.toBe(false);
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('starts with the agreed sampling and traces only our API', async () => {
    const { reporting, sdk } = loadModules();
    await expect(reporting.initSentry(DSN)).resolves.toBe(true);
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: DSN,
        tracesSampleRate: 0.5,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1.0,
        tracePropagationTargets: [/^\/api\//],
        integrations: [{ name: 'BrowserTracing' }, { name: 'Replay' }],
      }),
    );
  });
});

describe('initSentryWhenIdle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loads Sentry only once the page is idle, then sends what was reported before', async () => {
    const { reporting, sdk } = loadModules();
    reporting.initSentryWhenIdle(DSN);
    reporting.reportServerError(serverError);
    expect(sdk.init).not.toHaveBeenCalled();

    await jest.runAllTimersAsync();

    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.captureMessage).toHaveBeenCalledWith('API getVerifications answered 500', {
      level: 'error',
      tags: { endpoint: 'getVerifications', status: '500' },
      extra: { body: 'boom' },
    });
  });

  it('reports an uncaught error thrown before Sentry loaded', async () => {
    const { reporting, sdk } = loadModules();
    reporting.initSentryWhenIdle(DSN);
    const error = new Error('early');
    window.dispatchEvent(new ErrorEvent('error', { error }));

    await jest.runAllTimersAsync();

    expect(sdk.captureException).toHaveBeenCalledWith(error);
  });

  it('neither loads Sentry nor keeps reports without a DSN', async () => {
    const { reporting, sdk } = loadModules();
    reporting.initSentryWhenIdle('');
    reporting.reportRouteError(new Error('lost'));

    await jest.runAllTimersAsync();

    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });
});

describe('what reaches Sentry', () => {
  it('passes every event and breadcrumb through the scrubber', async () => {
    const { reporting, sdk } = loadModules();
    await reporting.initSentry(DSN);
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        beforeSend: reporting.scrubEvent,
        beforeBreadcrumb: reporting.scrubBreadcrumb,
      }),
    );
  });

  it('masks secrets in a server error report’s body, its address and its breadcrumbs', () => {
    const { reporting } = loadModules();
    const event = reporting.scrubEvent({
      type: undefined,
      message: 'API exchangeSsoCode answered 500',
      extra: {
        body: { error: { code: 'internal_error' }, refresh_token: 'r1', echo: { password: 'p' } },
      },
      request: { url: 'https://app.example.com/sso?code=one-time&state=s1' },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/signin', to: '/sso?code=one-time' } },
      ],
    });
    expect(event.message).toBe('API exchangeSsoCode answered 500');
    expect(event.extra).toEqual({
      body: {
        error: { code: 'internal_error' },
        refresh_token: '[secret]',
        echo: { password: '[secret]' },
      },
    });
    expect(event.request?.url).toBe('https://app.example.com/sso?code=%5Bsecret%5D&state=s1');
    expect(event.breadcrumbs?.[0]?.data).toEqual({ from: '/signin', to: '/sso?code=%5Bsecret%5D' });
  });

  it('masks a call’s breadcrumb as it is recorded', () => {
    const { reporting } = loadModules();
    expect(
      reporting.scrubBreadcrumb({
        category: 'fetch',
        data: { method: 'POST', url: '/api/auth/token/?token=abc', status_code: 400 },
      }),
    ).toEqual({
      category: 'fetch',
      data: { method: 'POST', url: '/api/auth/token/?token=%5Bsecret%5D', status_code: 400 },
    });
  });
});
