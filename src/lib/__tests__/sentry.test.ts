import * as Sentry from '@sentry/react';

import { initSentry } from '@/lib/sentry';

jest.mock('@sentry/react', () => ({
  init: jest.fn(),
  browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: jest.fn(() => ({ name: 'Replay' })),
}));

describe('initSentry', () => {
  it('stays off without a DSN', () => {
    expect(initSentry('')).toBe(false);
    expect(Sentry.init).not.toHaveBeenCalled();
  });

  it('starts with the spec sampling and traces only our API', () => {
    expect(initSentry('https://key@o1.ingest.sentry.io/2')).toBe(true);
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@o1.ingest.sentry.io/2',
        tracesSampleRate: 0.5,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1.0,
        tracePropagationTargets: [/^\/api\//],
        integrations: [{ name: 'BrowserTracing' }, { name: 'Replay' }],
      }),
    );
  });
});
