// Every feature adds its endpoints to the one API; two with one name would silently share the first one's call
// (Account → Password once sent the forgot-password request). The clash is refused where it is made, and the
// account screen is proven inside the whole app's store, where every feature's endpoints are loaded.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { screen, waitFor, within } from '@testing-library/react';

import type { baseApi as BaseApi } from '@/lib/api/base-api';
import { OWNER_PROFILE, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';

/** Every module of an api/ folder: where features add their endpoints. */
function apiModules(): string[] {
  const source = path.resolve(__dirname, '../..');
  const features = path.join(source, 'features');
  const folders = [
    ...readdirSync(features).map((feature) => path.join(features, feature, 'api')),
    path.join(source, 'lib', 'api'),
  ].filter((folder) => existsSync(folder));
  return folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join(folder, file)),
  );
}

type InjectOptions = Parameters<typeof BaseApi.injectEndpoints>[0];

describe('the API’s endpoints', () => {
  it('are injected refusing a taken name, and no two share one', () => {
    const calls: Array<{ overrideExisting: InjectOptions['overrideExisting']; names: string[] }> =
      [];
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { baseApi } = require('@/lib/api/base-api') as { baseApi: typeof BaseApi };
      const inject = baseApi.injectEndpoints.bind(baseApi);
      jest.spyOn(baseApi, 'injectEndpoints').mockImplementation((options: InjectOptions) => {
        const recorder = new Proxy({} as Parameters<InjectOptions['endpoints']>[0], {
          get: () => () => ({}),
        });
        calls.push({
          overrideExisting: options.overrideExisting,
          names: Object.keys(options.endpoints(recorder)),
        });
        return inject(options);
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      for (const file of apiModules()) require(file);
    });

    expect(calls.length).toBeGreaterThan(10);
    expect(calls.filter((call) => call.overrideExisting !== 'throw')).toEqual([]);
    const names = calls.flatMap((call) => call.names);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

describe('Account → Password in the whole app', () => {
  it('changes the password through the password endpoint', async () => {
    const sent: Array<{ method: string; path: string; body: unknown }> = [];
    mockFetch(async (request) => {
      const text = await request.text();
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
      if (path === '/api/auth/profile/') return jsonResponse(OWNER_PROFILE);
      if (path === '/api/auth/sessions/') return jsonResponse({ results: [] });
      if (path === '/api/auth/password/') {
        return jsonResponse({ status: 200, data: { message: 'Password changed.' } });
      }
      return jsonResponse({ error: { message: 'Not found' } }, 404);
    });
    const { user } = renderApp({
      route: '/account',
      preloadedState: { session: signedInSession() },
    });

    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Current Password'), 'Old-pass-1');
    await user.type(form.getByLabelText('New Password'), 'Brand-new-pass-7');
    await user.type(form.getByLabelText('Confirm Password'), 'Brand-new-pass-7');
    await user.click(form.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(sent.filter((request) => request.path.startsWith('/api/auth/f'))).toEqual([]),
    );
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/auth/password/')).toEqual({
        method: 'POST',
        path: '/api/auth/password/',
        body: {
          current_password: 'Old-pass-1',
          password: 'Brand-new-pass-7',
          confirmPassword: 'Brand-new-pass-7',
        },
      }),
    );
  });
});
