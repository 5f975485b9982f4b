import * as Sentry from '@sentry/react';

import { setupStore } from '@/app/store';
import { baseApi } from '@/lib/api/base-api';
import { explainsOwnErrors } from '@/lib/api/screen-handled-errors';
import { signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';

jest.mock('@sentry/react', () => ({ captureMessage: jest.fn(), captureException: jest.fn() }));

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProbe: build.query<unknown, void>({ query: () => 'probe/' }),
    getExplained: build.query<unknown, void>({ query: () => 'explained/' }),
  }),
});

async function callFailingEndpoint(status: number, body: unknown) {
  mockFetch(() => jsonResponse(body, status));
  const store = setupStore({ session: signedInSession() });
  await store.dispatch(probeApi.endpoints.getProbe.initiate());
  return store;
}

// No notification provider is mounted here, so notify() reports through console.warn.
describe('failed API calls', () => {
  it('toast once through notify and keep the error for the caller', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await callFailingEndpoint(403, { error: { message: 'Plan limit reached.' } });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('Limit Exhusted — Plan limit reached.');
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

  it('do not report client errors to Sentry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await callFailingEndpoint(400, { error: { message: 'Bad input' } });

    expect(Sentry.captureMessage).not.toHaveBeenCalled();
  });

  it('stay quiet for failures the calling screen explains itself, and only those', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    explainsOwnErrors('getExplained', (error) => error.status === 400);
    const store = setupStore({ session: signedInSession() });

    mockFetch(() => jsonResponse({ error: { message: 'Code expired' } }, 400));
    await store.dispatch(probeApi.endpoints.getExplained.initiate());
    expect(warn).not.toHaveBeenCalled();

    mockFetch(() => jsonResponse({ error: { message: 'Plan limit reached.' } }, 403));
    await store.dispatch(
      probeApi.endpoints.getExplained.initiate(undefined, { forceRefetch: true }),
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('Limit Exhusted');
  });

  it('still report a screen-explained 5xx to Sentry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    explainsOwnErrors('getExplained', () => true);
    mockFetch(() => jsonResponse({ error: { message: 'Down' } }, 502));
    const store = setupStore({ session: signedInSession() });

    await store.dispatch(probeApi.endpoints.getExplained.initiate());

    expect(Sentry.captureMessage).toHaveBeenCalledWith(
      'API getExplained answered 502',
      expect.anything(),
    );
  });
});
