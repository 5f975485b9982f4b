import { waitFor } from '@testing-library/react';

import { setupStore } from '@/app/store';
import { signOut } from '@/features/auth/sign-out';
import { browserLocation } from '@/lib/browser-location';
import { selectIsAuthenticated } from '@/lib/session/session-slice';
import { signedInSession } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';

import { callsTo, fakeAuthServer, formBodyOf } from './fake-auth-server';

describe('signing out', () => {
  it('revokes the access token, then clears storage and the session and goes to signin', async () => {
    const order: string[] = [];
    const fetchMock = fakeAuthServer({
      'POST /api/auth/token/revoke/': () => {
        order.push('revoke');
        return new Response(null, { status: 200 });
      },
    });
    jest.mocked(browserLocation.replace).mockImplementation(() => {
      order.push('replace');
    });
    const store = setupStore({ session: signedInSession() });
    localStorage.setItem('persist:session', '{"accessToken":"access-token-1"}');
    localStorage.setItem('qrverify.sso-email', 'olivia@acme.example');

    await store.dispatch(signOut());

    const [revoke] = callsTo(fetchMock, 'POST', '/api/auth/token/revoke/');
    expect(revoke.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    // The hard navigation waits for redux-persist's last write, a few microtasks after the thunk settles.
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
    expect(await formBodyOf(revoke)).toEqual({
      client_id: 'qr-verify-web',
      client_secret: 'qr-verify-web-public-secret',
      token: 'access-token-1',
    });
    expect(order).toEqual(['revoke', 'replace']);
    expect(browserLocation.replace).toHaveBeenCalledWith('/signin');
    expect(localStorage.length).toBe(0);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it.each([
    ['a server error', () => jsonResponse({ error: 'server_error' }, 500)],
    ['a 401, without trying to refresh', () => jsonResponse({ error: 'invalid_client' }, 401)],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('signs out anyway after %s, quietly', async (_case, answer) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = fakeAuthServer({ 'POST /api/auth/token/revoke/': answer });
    const store = setupStore({ session: signedInSession() });

    await store.dispatch(signOut());

    expect(selectIsAuthenticated(store.getState())).toBe(false);
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
    expect(browserLocation.reload).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST', '/api/auth/token/')).toHaveLength(0);
    // No provider is mounted: a toast would have shown up as a console warning.
    expect(warn).not.toHaveBeenCalled();
  });
});
