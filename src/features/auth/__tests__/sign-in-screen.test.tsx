import { screen, waitFor, within } from '@testing-library/react';

import { selectEmail, selectIsAuthenticated } from '@/lib/session/session-slice';
import { OWNER_EMAIL } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';

import {
  callsTo,
  captureNotifications,
  fakeAuthServer,
  formBodyOf,
  jsonBodyOf,
  profileAnswer,
  TOKENS,
} from './fake-auth-server';

const TOKEN = 'POST /api/auth/token/';

async function renderSignIn(route = '/signin') {
  const view = renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: "Let's get you Signed In" });
  const email = screen.getByRole('textbox', { name: 'Email' });
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Sign In' });
  const fillIn = async (emailValue: string, passwordValue: string) => {
    await view.user.type(email, emailValue);
    await view.user.type(password, passwordValue);
  };
  return { ...view, email, password, submit, fillIn };
}

describe('signin screen', () => {
  it('offers every way in and the links to the other auth screens', async () => {
    await renderSignIn();

    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Continue with SSO' })).toHaveAttribute('href', '/sso');
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
  });

  it('sets its title, description and canonical link', async () => {
    await renderSignIn();

    expect(document.title).toBe('Sign In · QR Verify');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('Sign in to QR Verify'),
    );
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/signin',
    );
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('keeps Sign In disabled while the form is invalid and explains each field', async () => {
    const { user, email, password, submit } = await renderSignIn();

    expect(submit).toBeDisabled();
    await user.click(email);
    await user.click(password);
    await user.tab();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(email, 'olivia');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.type(email, '@example.com');
    await user.type(password, 'x');
    expect(screen.queryByText(/required|Invalid/)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('shows and hides the password', async () => {
    const { user, password } = await renderSignIn();

    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in with the password grant, loads the profile and opens the dashboard', async () => {
    const fetchMock = fakeAuthServer({
      [TOKEN]: jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
      // The dashboard may load its own data; it is not this test's concern.
    });
    const { user, fillIn, submit, store, router } = await renderSignIn();

    await fillIn(OWNER_EMAIL, 'Secret-123');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [token] = callsTo(fetchMock, 'POST', '/api/auth/token/');
    expect(token.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(await formBodyOf(token)).toEqual({
      grant_type: 'password',
      client_id: 'qr-verify-web',
      client_secret: 'qr-verify-web-public-secret',
      email: OWNER_EMAIL,
      password: 'Secret-123',
    });
    expect(callsTo(fetchMock, 'GET', '/api/auth/profile/')).toHaveLength(1);
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(store.getState().session.fullName).toBe('Olivia Owner');
  });

  it('goes to the safe next path after signing in', async () => {
    fakeAuthServer({
      [TOKEN]: jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, fillIn, submit, router } = await renderSignIn(
      `/signin?next=${encodeURIComponent('/templates?sort=name')}`,
    );

    await fillIn(OWNER_EMAIL, 'Secret-123');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    expect(router.state.location.search).toBe('?sort=name');
  });

  it('ignores a next path that leaves the site', async () => {
    fakeAuthServer({
      [TOKEN]: jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, fillIn, submit, router } = await renderSignIn(
      '/signin?next=https://evil.example/',
    );

    await fillIn(OWNER_EMAIL, 'Secret-123');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['the description', 'Invalid credentials given.', 'Invalid credentials given.'],
    ['a default', undefined, 'Invalid credentials'],
  ])(
    'on invalid_grant marks both fields and gives %s under the password, without a toast',
    async (_case, description, message) => {
      fakeAuthServer({
        [TOKEN]: jsonResponse({ error: 'invalid_grant', error_description: description }, 400),
      });
      const { user, fillIn, submit, email, password, router } = await renderSignIn();
      const toasts = captureNotifications();

      await fillIn(OWNER_EMAIL, 'wrong');
      await user.click(submit);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).not.toHaveAccessibleDescription();
      expect(toasts).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/signin');

      // Editing clears the server's verdict.
      await user.type(password, '!');
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'false');
    },
  );

  it('swaps the form for the verification step when the email is not verified', async () => {
    let tokenCalls = 0;
    const fetchMock = fakeAuthServer({
      [TOKEN]: () =>
        ++tokenCalls === 1
          ? jsonResponse(
              {
                error: 'email_verification_failed',
                error_description: 'Email is not verified, Please verify your email',
              },
              400,
            )
          : jsonResponse(TOKENS),
      'PATCH /api/auth/email-verification/': jsonResponse({ status: 200, data: { message: 'ok' } }),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, fillIn, submit, router } = await renderSignIn(
      `/signin?next=${encodeURIComponent('/templates')}`,
    );
    const toasts = captureNotifications();

    await fillIn(OWNER_EMAIL, 'Secret-123');
    await user.click(submit);

    expect(
      await screen.findByRole('heading', { name: 'Authenticate Your Account' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByText(OWNER_EMAIL)).toBeInTheDocument();
    expect(toasts).not.toHaveBeenCalled();

    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [verify] = callsTo(fetchMock, 'PATCH', '/api/auth/email-verification/');
    expect(await jsonBodyOf(verify)).toEqual({ email: OWNER_EMAIL, otp: '654321' });
    expect(callsTo(fetchMock, 'POST', '/api/auth/token/')).toHaveLength(2);
  });

  it('returns from the verification step to the form with < Back', async () => {
    fakeAuthServer({
      [TOKEN]: jsonResponse({ error: 'email_verification_failed' }, 400),
    });
    const { user, fillIn, submit } = await renderSignIn();

    await fillIn(OWNER_EMAIL, 'Secret-123');
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: '< Back' }));

    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(within(form).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('leaves other failures to the generic toasts', async () => {
    fakeAuthServer({ [TOKEN]: jsonResponse({ error: 'server_error' }, 500) });
    const { user, fillIn, submit, store } = await renderSignIn();

    await fillIn(OWNER_EMAIL, 'Secret-123');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    expect(selectEmail(store.getState())).toBeNull();
    expect(submit).toBeEnabled();
  });
});
