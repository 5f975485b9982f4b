import { screen, waitFor } from '@testing-library/react';

import { SSO_EMAIL_STORAGE_KEY } from '@/features/auth/sso-email';
import { browserLocation } from '@/lib/browser-location';
import { selectAccessToken } from '@/lib/session/session-slice';
import { OWNER_EMAIL } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';

import {
  callsTo,
  captureNotifications,
  fakeAuthServer,
  jsonBodyOf,
  profileAnswer,
  TOKENS,
} from './fake-auth-server';

const REDIRECT = 'POST /api/auth/sso/redirect/';
const EXCHANGE = 'POST /api/auth/token/sso/';
const WORK_EMAIL = 'olivia@acme.example';
const AUTH_URL = 'https://idp.acme.example/authorize?client_id=qrv&state=abc';

async function renderSso(route = '/sso') {
  const view = renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: 'Continue with SSO' });
  return view;
}

describe('sso screen', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('asks for the organisation email, offers < Back to signin and stays out of search', async () => {
    const { user, router } = await renderSso();

    expect(screen.getByText('Use your organisation email to continue')).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.title).toBe('Continue with SSO · QR Verify');

    await user.click(screen.getByRole('link', { name: '< Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('validates the email and keeps Continue disabled until it is valid', async () => {
    const { user } = await renderSso();
    const email = screen.getByRole('textbox', { name: 'Email' });

    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(email);
    await user.tab();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'olivia');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it.each([
    ['auth_url', { auth_url: AUTH_URL, data: { auth_url: AUTH_URL } }],
    ['data.auth_url', { data: { auth_url: AUTH_URL } }],
  ])('remembers the email and leaves for the identity provider (%s)', async (_case, answer) => {
    const fetchMock = fakeAuthServer({ [REDIRECT]: jsonResponse(answer) });
    const { user } = await renderSso();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), WORK_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(AUTH_URL));
    expect(localStorage.getItem(SSO_EMAIL_STORAGE_KEY)).toBe(WORK_EMAIL);
    expect(await jsonBodyOf(callsTo(fetchMock, 'POST', '/api/auth/sso/redirect/')[0])).toEqual({
      email: WORK_EMAIL,
    });
  });

  it('shows why SSO cannot start for an unknown organisation, without a toast', async () => {
    fakeAuthServer({
      [REDIRECT]: jsonResponse({ error: { message: 'SSO is not set up for acme.example.' } }, 400),
    });
    const { user } = await renderSso();
    const toasts = captureNotifications();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), WORK_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SSO is not set up for acme.example.',
    );
    expect(browserLocation.assign).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
  });

  it('exchanges the returned code with the stored email and opens the dashboard', async () => {
    localStorage.setItem(SSO_EMAIL_STORAGE_KEY, WORK_EMAIL);
    const fetchMock = fakeAuthServer({
      [EXCHANGE]: jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { store, router } = renderApp({ route: '/sso?code=one-time-code&state=xyz' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await jsonBodyOf(callsTo(fetchMock, 'POST', '/api/auth/token/sso/')[0])).toEqual({
      grant_type: 'sso_token',
      client_id: 'qr-verify-web',
      client_secret: 'qr-verify-web-public-secret',
      email: WORK_EMAIL,
      code: 'one-time-code',
      state: 'xyz',
    });
    expect(callsTo(fetchMock, 'POST', '/api/auth/token/sso/')).toHaveLength(1);
    expect(selectAccessToken(store.getState())).toBe(TOKENS.access_token);
    expect(store.getState().session.email).toBe(OWNER_EMAIL);
    expect(localStorage.getItem(SSO_EMAIL_STORAGE_KEY)).toBeNull();
  });

  it('shows the failure and the form again when the code is refused', async () => {
    localStorage.setItem(SSO_EMAIL_STORAGE_KEY, WORK_EMAIL);
    fakeAuthServer({
      [EXCHANGE]: jsonResponse({ error: { message: 'The SSO code has expired.' } }, 400),
    });
    const { router } = renderApp({ route: '/sso?code=stale' });

    expect(await screen.findByRole('alert')).toHaveTextContent('The SSO code has expired.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(WORK_EMAIL);
    expect(router.state.location.search).toBe('');
    expect(console.error).toHaveBeenCalled();
  });

  it('shows the form when a code arrives but no email was stored', async () => {
    const fetchMock = fakeAuthServer({});
    await renderSso('/sso?code=orphan');

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
