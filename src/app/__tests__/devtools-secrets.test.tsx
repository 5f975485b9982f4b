// Redux DevTools stays on in production, so what it is shown must hold no secret: every way of signing in, every
// credential the API takes or gives, and the session itself go through stores made by setupStore (the real
// configureStore options) with a recording stand-in for the extension, and no secret value may appear in any action
// or state it recorded. The store itself keeps no credential once a call has settled.
// First: Redux Toolkit looks for the DevTools extension once, as it loads.
// eslint-disable-next-line import-x/order
import { devToolsRecordings } from '@/testing/devtools-recorder';

import { screen, waitFor } from '@testing-library/react';
import { persistStore, type Persistor } from 'redux-persist';

import { completeSignIn, signInWithPassword } from '@/features/auth/complete-sign-in';
import { signOut } from '@/features/auth/sign-out';
import { baseApi } from '@/lib/api/base-api';
import { sessionExpired } from '@/lib/api/base-query-with-reauth';
import { CREDENTIAL_CALLS } from '@/lib/api/credential-calls';
import { SECRET_MARKER } from '@/lib/secrets';
import { SESSION_STORAGE_KEY } from '@/lib/session/session-persistence';
import { tokensChangedInAnotherTab } from '@/lib/session/session-slice';
import { OWNER_EMAIL, OWNER_PROFILE } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';
import type { TokenResponse } from '@common/auth-schemas';

import { setupStore, type AppStore } from '../store';

// Each module injects its endpoints into the one API.
import '@/features/account/api/account-api';
import '@/features/account/api/deletion-api';
import '@/features/integrations/api/integrations-api';

function tokens(grant: string): TokenResponse {
  return {
    access_token: `access-token-from-${grant}`,
    refresh_token: `refresh-token-from-${grant}`,
    expires_in: 172800,
    token_type: 'Bearer',
  };
}

const STORED = tokens('storage');
const PASSWORD_GRANT = tokens('password');
const INVITATION_GRANT = tokens('invitation');
const GOOGLE_GRANT = { ...tokens('google'), is_new_user: false };
const SSO_GRANT = tokens('sso');
const REFRESH_GRANT = tokens('refresh');
const OTHER_TAB = tokens('other-tab');

const PASSWORDS = {
  signIn: 'Sign-in-password-1!',
  signUp: 'Sign-up-password-2!',
  forgotten: 'Reset-password-3!',
  current: 'Current-password-4!',
  chosen: 'Chosen-password-5!',
};
const SIGN_UP_CODE = '314159';
const EMAIL_CHANGE_CODE = '271828';
const GOOGLE_TOKEN = 'ya29.google-access-token-for-olivia';
const SSO_CODE = 'sso-authorization-code-from-the-idp';
const API_KEY = `qrv_${'Kq7Zr2Lm9Xw4'.repeat(3)}abcdefg`;
const WEBHOOK_SECRET = `whsec_${'c2VjcmV0IHNpZ25pbmcga2V5'.repeat(2)}=`;
const ROTATED_SECRET = `whsec_${'cm90YXRlZCBzaWduaW5nIGtleQ'.repeat(2)}=`;

/** Every secret value the flows below send or receive. */
const SECRETS = [
  ...Object.values(PASSWORDS),
  SIGN_UP_CODE,
  EMAIL_CHANGE_CODE,
  GOOGLE_TOKEN,
  SSO_CODE,
  API_KEY,
  WEBHOOK_SECRET,
  ROTATED_SECRET,
  ...[
    STORED,
    PASSWORD_GRANT,
    INVITATION_GRANT,
    GOOGLE_GRANT,
    SSO_GRANT,
    REFRESH_GRANT,
    OTHER_TAB,
  ].flatMap((grant) => [grant.access_token, grant.refresh_token]),
];

/** The secrets found in `value` as DevTools would print it (a six-digit code only as a whole value). */
function secretsIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return SECRETS.filter((secret) =>
    /^\d+$/.test(secret) ? text.includes(`"${secret}"`) : text.includes(secret),
  );
}

function webhook(secret: string) {
  return {
    id: 'wh-1',
    url: 'https://hooks.example.com/qr',
    description: '',
    events: ['verification.created'],
    secret,
    enabled: true,
    disabled_reason: null,
    created_at: '2026-01-05T10:00:00Z',
  };
}

/** The server's answers by "METHOD /path"; anything else is a 404. */
function fakeServer() {
  let webhooksAnswered = 0;
  const answers: Record<string, (request: Request) => Promise<Response> | Response> = {
    'POST /api/auth/token/': async (request) => {
      const grant = (
        await request
          .clone()
          .formData()
          .catch(() => null)
      )?.get('grant_type');
      return jsonResponse(grant === 'password' ? PASSWORD_GRANT : REFRESH_GRANT);
    },
    'GET /api/auth/profile/': () => jsonResponse(OWNER_PROFILE),
    'POST /api/auth/register/': () =>
      jsonResponse({ message: 'Signed up.', tokens: INVITATION_GRANT }, 201),
    'PATCH /api/auth/email-verification/': () => jsonResponse({ message: 'Email verified.' }),
    'PATCH /api/auth/forget-password/': () => jsonResponse({ message: 'Password changed.' }),
    'POST /api/auth/password/': () => jsonResponse({ message: 'Password changed.' }),
    'POST /api/auth/email/verify/': () => jsonResponse(OWNER_PROFILE),
    'POST /api/auth/token/google/': () => jsonResponse(GOOGLE_GRANT),
    'POST /api/auth/token/sso/': () => jsonResponse(SSO_GRANT),
    'POST /api/auth/token/revoke/': () => jsonResponse({}),
    'POST /api/integrations/api-keys/': () =>
      jsonResponse(
        { id: 'key-1', name: 'CI', prefix: API_KEY.slice(0, 12), key: API_KEY, created_at: '' },
        201,
      ),
    'POST /api/integrations/webhooks/': () => jsonResponse(webhook(WEBHOOK_SECRET), 201),
    // The first list is refused for an expired token, which starts a refresh.
    'GET /api/integrations/webhooks/': () =>
      ++webhooksAnswered === 1
        ? jsonResponse({ error: { code: 'not_authenticated', message: 'Expired.' } }, 401)
        : jsonResponse({ count: 1, results: [webhook(WEBHOOK_SECRET)] }),
    'PATCH /api/integrations/webhooks/wh-1/': () => jsonResponse(webhook(ROTATED_SECRET)),
    'DELETE /api/account/': () => jsonResponse({ delete_after: '2026-02-05T10:00:00Z' }, 202),
  };
  return mockFetch((request) => {
    const answer = answers[`${request.method} ${new URL(request.url).pathname}`];
    return answer
      ? answer(request)
      : jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

function waitForRehydration(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}

interface Endpoint {
  initiate: (arg: unknown) => unknown;
}

/** Calls an endpoint by name as its screen would, and waits for the answer. */
async function call(store: AppStore, endpointName: string, arg: unknown) {
  const endpoint = (baseApi.endpoints as unknown as Record<string, Endpoint>)[endpointName]!;
  const dispatch = store.dispatch as (action: unknown) => PromiseLike<{ data?: unknown }>;
  return dispatch(endpoint.initiate(arg));
}

/** The endpoints of the API calls a recording saw. */
function endpointsCalled(actions: unknown[]): Set<string> {
  return new Set(
    actions.flatMap((action) => {
      const name = (action as { meta?: { arg?: { endpointName?: string } } }).meta?.arg
        ?.endpointName;
      return name ? [name] : [];
    }),
  );
}

beforeEach(() => {
  devToolsRecordings.splice(0);
});

describe('Redux DevTools', () => {
  it('is shown every sign-in flow and credential call with no secret, and the store keeps none', async () => {
    fakeServer();
    localStorage.setItem(
      `persist:${SESSION_STORAGE_KEY}`,
      JSON.stringify({
        email: JSON.stringify(OWNER_EMAIL),
        accessToken: JSON.stringify(STORED.access_token),
        refreshToken: JSON.stringify(STORED.refresh_token),
        expiresIn: JSON.stringify(Date.now() + 3_600_000),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const store = setupStore();
    await waitForRehydration(persistStore(store));

    await store.dispatch(signInWithPassword(OWNER_EMAIL, PASSWORDS.signIn));
    const signUp = { first_name: 'Olivia', email: OWNER_EMAIL, invitation: 'invitation-token' };
    await call(store, 'register', { ...signUp, password: PASSWORDS.signUp });
    await call(store, 'verifyEmail', { email: OWNER_EMAIL, otp: SIGN_UP_CODE, source: 'signup' });
    await call(store, 'resetForgottenPassword', {
      email: OWNER_EMAIL,
      password: PASSWORDS.forgotten,
    });
    const google = await call(store, 'convertGoogleToken', { token: GOOGLE_TOKEN });
    await store.dispatch(completeSignIn(google.data as typeof GOOGLE_GRANT));
    const sso = await call(store, 'exchangeSsoCode', { email: OWNER_EMAIL, code: SSO_CODE });
    await store.dispatch(completeSignIn(sso.data as typeof SSO_GRANT, OWNER_EMAIL));
    store.dispatch(
      tokensChangedInAnotherTab({
        accessToken: OTHER_TAB.access_token,
        refreshToken: OTHER_TAB.refresh_token,
        expiresIn: Date.now() + 3_600_000,
      }),
    );
    await call(store, 'changePassword', {
      current_password: PASSWORDS.current,
      password: PASSWORDS.chosen,
      confirmPassword: PASSWORDS.chosen,
    });
    await call(store, 'confirmEmailChange', { otp: EMAIL_CHANGE_CODE });
    await call(store, 'createApiKey', { name: 'CI' });
    await call(store, 'createWebhook', { url: 'https://hooks.example.com/qr', events: [] });
    await call(store, 'getWebhooks', undefined);
    expect(store.getState().session.accessToken).toBe(REFRESH_GRANT.access_token);
    await call(store, 'getWebhooks', undefined);
    await call(store, 'updateWebhook', { id: 'wh-1', rotate_secret: true });
    await store.dispatch(sessionExpired());
    await call(store, 'deleteAccount', { email: OWNER_EMAIL });

    // The store holds only the session's own tokens and the webhook's secret its card shows.
    const { mutations } = store.getState().api;
    expect(
      Object.values(mutations).filter((entry) => CREDENTIAL_CALLS.has(entry?.endpointName ?? '')),
    ).toEqual([]);
    expect(
      secretsIn(store.getState()).filter(
        (secret) =>
          ![REFRESH_GRANT.access_token, REFRESH_GRANT.refresh_token, ROTATED_SECRET].includes(
            secret,
          ),
      ),
    ).toEqual([]);

    await store.dispatch(signOut());

    const [recording] = devToolsRecordings;
    expect(devToolsRecordings).toHaveLength(1);
    expect(recording!.options).toMatchObject({
      actionSanitizer: expect.any(Function),
      stateSanitizer: expect.any(Function),
    });
    // Every credential call ran: the list names real endpoints, and this test covers each.
    expect(
      [...CREDENTIAL_CALLS].filter((name) => !endpointsCalled(recording!.actions).has(name)),
    ).toEqual([]);
    expect(recording!.actions.length).toBeGreaterThan(40);
    expect(secretsIn(recording!.actions)).toEqual([]);
    expect(secretsIn(recording!.states)).toEqual([]);
    // Masked, not missing: the session read while signed in shows where its tokens are, and who it is.
    expect(recording!.states).toContainEqual(
      expect.objectContaining({
        session: expect.objectContaining({
          email: OWNER_EMAIL,
          accessToken: SECRET_MARKER,
          refreshToken: SECRET_MARKER,
        }),
      }),
    );
  });

  it('is shown no password when the user signs in on the screen', async () => {
    fakeServer();
    const { user } = renderApp({ route: '/signin' });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), OWNER_EMAIL);
    await user.type(screen.getByLabelText('Password'), PASSWORDS.signIn);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const [recording] = devToolsRecordings;
    await waitFor(() => expect(endpointsCalled(recording!.actions)).toContain('getProfile'));
    expect(endpointsCalled(recording!.actions)).toContain('signInWithPassword');
    expect(secretsIn(recording!.actions)).toEqual([]);
    expect(secretsIn(recording!.states)).toEqual([]);
  });
});
