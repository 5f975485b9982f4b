import { screen, waitFor } from '@testing-library/react';

import { writeCookie } from '@/lib/cookies';
import { selectIsAuthenticated } from '@/lib/session/session-slice';
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

const REGISTER = 'POST /api/auth/register/';
const EMAIL = 'nina.new@example.com';
const PASSWORD = 'Secret-123';

async function renderSignUp(route = '/signup') {
  const view = renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: "Let's create an account" });
  const name = screen.getByRole('textbox', { name: 'Name' });
  const email = screen.getByRole('textbox', { name: 'Email' });
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Create Account' });
  const fillIn = async (values = { name: 'Nina', email: EMAIL, password: PASSWORD }) => {
    await view.user.type(name, values.name);
    await view.user.type(email, values.email);
    await view.user.type(password, values.password);
  };
  return { ...view, name, email, password, submit, fillIn };
}

describe('signup screen', () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it('offers social and SSO sign-up, the legal notice and a way to sign in', async () => {
    await renderSignUp();

    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with SSO' })).toBeInTheDocument();
    expect(screen.getByText(/By signing up, you agree to our/)).toHaveTextContent(
      /Terms of Service and Privacy Policy.*Google API Services User Data Policy, including the Limited Use requirements/,
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(document.title).toBe('Create an Account · QR Verify');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/signup',
    );
  });

  it("sends 'Sign In' to next when there is one", async () => {
    await renderSignUp(`/signup?next=${encodeURIComponent('/templates')}`);

    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/templates');
  });

  it('explains every field and keeps the button disabled while anything is wrong', async () => {
    const { user, name, email, password, submit } = await renderSignUp();

    expect(submit).toBeDisabled();
    await user.click(name);
    await user.click(email);
    await user.click(password);
    await user.tab();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(name, 'Ni');
    await user.type(email, 'nina');
    await user.type(password, 'abc');
    expect(screen.getByText('name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    // Every failing password rule at once.
    for (const message of [
      'Password must be at least 8 characters',
      'Password must contain at least one number',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one special character',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Password must contain at least one lowercase letter')).toBeNull();
    expect(submit).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'ABC');
    expect(
      screen.getByText('Password must contain at least one lowercase letter'),
    ).toBeInTheDocument();
  });

  it('shows no password strength feedback', async () => {
    const { user, password } = await renderSignUp();

    await user.type(password, PASSWORD);
    expect(screen.queryByText(/weak|medium|strong/i)).not.toBeInTheDocument();
  });

  it('registers with attribution, verifies the email, records the sign-up and signs in', async () => {
    writeCookie('referrer', 'https://news.example/article', 7);
    writeCookie('journey', JSON.stringify(['http://localhost/pricing']), 7);
    const fetchMock = fakeAuthServer({
      [REGISTER]: jsonResponse({ status: 201, data: { message: 'Account created' } }, 201),
      'PATCH /api/auth/email-verification/': jsonResponse({ status: 200, data: { message: 'ok' } }),
      'POST /api/auth/token/': jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, fillIn, submit, store, router } = await renderSignUp();

    await fillIn();
    await user.click(submit);

    expect(
      await screen.findByRole('heading', { name: 'Authenticate Your Account' }),
    ).toBeInTheDocument();
    expect(await jsonBodyOf(callsTo(fetchMock, 'POST', '/api/auth/register/')[0])).toEqual({
      first_name: 'Nina',
      email: EMAIL,
      password: PASSWORD,
      referrer: 'https://news.example/article',
      journey: ['http://localhost/pricing'],
    });

    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [verify] = callsTo(fetchMock, 'PATCH', '/api/auth/email-verification/');
    expect(new URL(verify.url).searchParams.get('source')).toBe('signup');
    expect(window.dataLayer).toEqual([{ event: 'signup-completed', email: EMAIL }]);
    expect(await formBodyOf(callsTo(fetchMock, 'POST', '/api/auth/token/')[0])).toMatchObject({
      email: EMAIL,
      password: PASSWORD,
    });
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('goes back from the verification step to the filled-in form', async () => {
    fakeAuthServer({
      [REGISTER]: jsonResponse({ status: 201, data: { message: 'Account created' } }, 201),
    });
    const { user, fillIn, submit } = await renderSignUp();

    await fillIn();
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: '< Back' }));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Nina');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(EMAIL);
  });

  it.each([
    [
      'the first email error',
      {
        error: {
          message: 'Invalid input',
          details: { email: ['An account with this email already exists.'] },
        },
      },
      'An account with this email already exists.',
    ],
    [
      'a default',
      { error: { message: 'Invalid input' } },
      'An error occurred while signing up. Please try again.',
    ],
  ])(
    'on 400 toasts Sign Up Failed for 5 s with %s, and nothing else',
    async (_case, body, detail) => {
      fakeAuthServer({ [REGISTER]: jsonResponse(body, 400) });
      const { user, fillIn, submit } = await renderSignUp();
      const toasts = captureNotifications();

      await fillIn();
      await user.click(submit);

      await waitFor(() => expect(toasts).toHaveBeenCalledTimes(1));
      expect(toasts).toHaveBeenCalledWith({
        severity: 'error',
        summary: 'Sign Up Failed',
        detail,
        lifetime: 5000,
      });
      expect(screen.getByRole('form', { name: 'Create account' })).toBeInTheDocument();
    },
  );

  it('shows the Sign Up Failed toast on screen', async () => {
    fakeAuthServer({
      [REGISTER]: jsonResponse(
        {
          error: {
            message: 'x',
            details: { email: ['An account with this email already exists.'] },
          },
        },
        400,
      ),
    });
    const { user, fillIn, submit } = await renderSignUp();

    await fillIn();
    await user.click(submit);

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Sign Up Failed');
    expect(toast).toHaveTextContent('An account with this email already exists.');
  });

  it('marks the fields like sign-in does when another failure says invalid_grant', async () => {
    fakeAuthServer({
      [REGISTER]: jsonResponse(
        { error: 'invalid_grant', error_description: 'Invalid credentials given.' },
        401,
      ),
    });
    const { user, fillIn, submit, email, password } = await renderSignUp();
    const toasts = captureNotifications();

    await fillIn();
    await user.click(submit);

    expect(await screen.findByText('Invalid credentials given.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(toasts).not.toHaveBeenCalled();
  });
});

describe('signup from a team invitation link', () => {
  const TOKEN = 'invite-token-1';
  const INVITATION = `GET /api/team/invitations/${TOKEN}/`;
  const invitation = {
    email: 'sam.shared@example.com',
    owner: { email: 'olivia.owner@example.com', first_name: 'Olivia', last_name: 'Owner' },
  };

  it("shows the invited email read-only under 'Join Olivia's team', and signs in at once with the answer's tokens", async () => {
    const server = fakeAuthServer({
      [INVITATION]: jsonResponse(invitation),
      [REGISTER]: jsonResponse({ message: 'Welcome to the team.', tokens: TOKENS }, 201),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, store, router } = renderApp({ route: `/signup?invitation=${TOKEN}` });

    await screen.findByRole('heading', { level: 1, name: "Join Olivia's team on QR Verify" });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue(invitation.email);
    expect(email).toHaveAttribute('readonly');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Sam');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    const [registration] = callsTo(server, 'POST', '/api/auth/register/');
    expect(await jsonBodyOf(registration)).toMatchObject({
      email: invitation.email,
      first_name: 'Sam',
      invitation: TOKEN,
    });
    expect(screen.queryByText(/code/i)).not.toBeInTheDocument();
  });

  it('says a used or expired link is no longer valid, with a way to sign in', async () => {
    fakeAuthServer({
      [INVITATION]: jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404),
    });
    renderApp({ route: `/signup?invitation=${TOKEN}` });

    expect(
      await screen.findByRole('heading', { name: 'This invitation link is no longer valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });
});
