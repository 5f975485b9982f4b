import { screen, waitFor } from '@testing-library/react';

import { env } from '@/config/env';
import { SOCIAL_SIGN_IN_UNAVAILABLE } from '@/features/auth/components/google-sign-in-button';
import { GOOGLE_IDENTITY_SCRIPT, type GoogleIdentity } from '@/features/auth/google-identity';
import { writeCookie } from '@/lib/cookies';
import { scriptLoader } from '@/lib/script-loader';
import { selectIsAuthenticated } from '@/lib/session/session-slice';
import { OWNER_EMAIL, OWNER_PROFILE } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';

import {
  callsTo,
  captureNotifications,
  fakeAuthServer,
  jsonBodyOf,
  TOKENS,
} from './fake-auth-server';

type TokenClientConfig = Parameters<GoogleIdentity['accounts']['oauth2']['initTokenClient']>[0];

/** Google's library as far as the button uses it; the popup grants `accessToken` at once. */
function fakeGoogle(accessToken = 'google-access-token') {
  const configs: TokenClientConfig[] = [];
  window.google = {
    accounts: {
      oauth2: {
        initTokenClient: (config) => {
          configs.push(config);
          return { requestAccessToken: () => config.callback({ access_token: accessToken }) };
        },
      },
    },
  };
  return configs;
}

async function renderSignIn() {
  const view = renderApp({ route: '/signin' });
  await screen.findByRole('heading', { level: 1, name: "Let's get you Signed In" });
  return view;
}

describe('Continue with Google', () => {
  afterEach(() => {
    delete window.google;
    delete window.dataLayer;
  });

  it('is disabled, saying why, when no Google client id is configured', async () => {
    jest.replaceProperty(env, 'GOOGLE_CLIENT_ID', '');
    await renderSignIn();

    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(SOCIAL_SIGN_IN_UNAVAILABLE);
  });

  describe('when configured', () => {
    beforeEach(() => jest.replaceProperty(env, 'GOOGLE_CLIENT_ID', 'google-client-id'));

    it('loads Google’s library, converts the token with attribution and opens the dashboard', async () => {
      const load = jest.spyOn(scriptLoader, 'load').mockResolvedValue();
      const configs = fakeGoogle();
      writeCookie('referrer', 'https://search.example/', 7);
      const fetchMock = fakeAuthServer({
        'POST /api/auth/token/google/': jsonResponse({ ...TOKENS, is_new_user: false }),
        'GET /api/auth/profile/': () => jsonResponse(OWNER_PROFILE),
      });
      const { user, store, router } = await renderSignIn();

      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(load).toHaveBeenCalledWith(GOOGLE_IDENTITY_SCRIPT);
      expect(configs[0]).toMatchObject({
        client_id: 'google-client-id',
        scope: 'email profile openid',
      });
      const body = await jsonBodyOf(callsTo(fetchMock, 'POST', '/api/auth/token/google/')[0]);
      expect(body).toEqual({
        grant_type: 'convert_token',
        client_id: 'qr-verify-web',
        client_secret: 'qr-verify-web-public-secret',
        backend: 'google-oauth2',
        token: 'google-access-token',
        referrer: 'https://search.example/',
        journey: [],
      });
      expect(selectIsAuthenticated(store.getState())).toBe(true);
      expect(store.getState().session.email).toBe(OWNER_EMAIL);
      expect(window.dataLayer).toBeUndefined();
    });

    it('records a sign-up when the account is new', async () => {
      jest.spyOn(scriptLoader, 'load').mockResolvedValue();
      fakeGoogle();
      fakeAuthServer({
        'POST /api/auth/token/google/': jsonResponse({ ...TOKENS, is_new_user: true }),
        'GET /api/auth/profile/': () => jsonResponse(OWNER_PROFILE),
      });
      const { user, router } = await renderSignIn();

      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(window.dataLayer).toEqual([{ event: 'signup-completed', email: OWNER_EMAIL }]);
    });

    it('says so when Google’s library cannot be loaded', async () => {
      jest.spyOn(scriptLoader, 'load').mockRejectedValue(new Error('blocked'));
      const fetchMock = fakeAuthServer({});
      const { user } = await renderSignIn();
      const toasts = captureNotifications();

      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

      await waitFor(() =>
        expect(toasts).toHaveBeenCalledWith(
          expect.objectContaining({
            severity: 'error',
            detail: 'Failed to load the Google 3P Authorization JavaScript Library.',
          }),
        ),
      );
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('does nothing more when the user closes Google’s popup', async () => {
      jest.spyOn(scriptLoader, 'load').mockResolvedValue();
      jest.spyOn(console, 'info').mockImplementation(() => undefined);
      window.google = {
        accounts: {
          oauth2: {
            initTokenClient: (config) => ({
              requestAccessToken: () => config.error_callback?.({ type: 'popup_closed' }),
            }),
          },
        },
      };
      const fetchMock = fakeAuthServer({});
      const { user } = await renderSignIn();

      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled(),
      );
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
