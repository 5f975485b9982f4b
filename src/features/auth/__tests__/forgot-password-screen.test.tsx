import { screen, waitFor } from '@testing-library/react';

import { selectIsAuthenticated } from '@/lib/session/session-slice';
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
  type Answer,
} from './fake-auth-server';

const FORGET = 'PATCH /api/auth/forget-password/';
const VERIFY = 'PATCH /api/auth/email-verification/';
const NEW_PASSWORD = 'Brand-new-9';

/** The reset endpoint answers the OTP request first and the password change after. */
function forgetPasswordAnswers(changeAnswer: Answer = jsonResponse({ message: 'Changed' })) {
  return async (request: Request) => {
    const body = (await jsonBodyOf(request)) as { password?: string };
    if (body.password === undefined) return jsonResponse({ message: 'OTP sent to your email.' });
    return typeof changeAnswer === 'function' ? changeAnswer(request) : changeAnswer.clone();
  };
}

async function renderForgotPassword() {
  const view = renderApp({ route: '/forgot-password' });
  await screen.findByRole('heading', { level: 1, name: 'Reset your Password' });
  return view;
}

async function goToCodeStep(user: Awaited<ReturnType<typeof renderForgotPassword>>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), OWNER_EMAIL);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Authenticate Your Account' });
}

async function goToPasswordStep(user: Awaited<ReturnType<typeof renderForgotPassword>>['user']) {
  await goToCodeStep(user);
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard('246810');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByRole('heading', { name: 'Change your password' });
}

describe('forgot-password screen', () => {
  it('explains the OTP, links to signin and signup, and asks search engines to stay away', async () => {
    await renderForgotPassword();

    expect(screen.getByText(/6-digit OTP/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(document.title).toBe('Reset your Password · QR Verify');
  });

  it('validates the email and keeps Continue disabled until it is valid', async () => {
    const { user } = await renderForgotPassword();
    const email = screen.getByRole('textbox', { name: 'Email' });
    const submit = screen.getByRole('button', { name: 'Continue' });

    expect(submit).toBeDisabled();
    await user.click(email);
    await user.tab();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'olivia');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.type(email, '@example.com');
    expect(submit).toBeEnabled();
  });

  it('sends the OTP, toasts OTP Sent for 8 s, and moves back and forth between the steps', async () => {
    const fetchMock = fakeAuthServer({
      [FORGET]: forgetPasswordAnswers(),
      [VERIFY]: jsonResponse({ status: 200, data: { message: 'ok' } }),
    });
    const { user } = await renderForgotPassword();
    const toasts = captureNotifications();

    await goToCodeStep(user);
    expect(toasts).toHaveBeenCalledWith({
      severity: 'success',
      summary: 'OTP Sent',
      detail: 'OTP sent to your email.',
      lifetime: 8000,
    });
    expect(await jsonBodyOf(callsTo(fetchMock, 'PATCH', '/api/auth/forget-password/')[0])).toEqual({
      email: OWNER_EMAIL,
    });

    // Step 2 back to step 1, the email kept.
    await user.click(screen.getByRole('button', { name: '< Back' }));
    expect(screen.getByRole('heading', { name: 'Reset your Password' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(OWNER_EMAIL);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Authenticate Your Account' });
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByRole('heading', { name: 'Change your password' }),
    ).toBeInTheDocument();
    const [verify] = callsTo(fetchMock, 'PATCH', '/api/auth/email-verification/');
    expect(new URL(verify.url).searchParams.get('source')).toBe('forget-password');
    expect(await jsonBodyOf(verify)).toEqual({ email: OWNER_EMAIL, otp: '246810' });

    // Step 3 back to step 2.
    await user.click(screen.getByRole('button', { name: '< Back' }));
    expect(screen.getByRole('heading', { name: 'Authenticate Your Account' })).toBeInTheDocument();
  });

  it('shows the OTP Sent toast on screen', async () => {
    fakeAuthServer({ [FORGET]: forgetPasswordAnswers() });
    const { user } = await renderForgotPassword();

    await goToCodeStep(user);

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('OTP Sent');
    expect(toast).toHaveTextContent('OTP sent to your email.');
  });

  it('only logs when the OTP cannot be sent, staying on the email step', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeAuthServer({
      [FORGET]: jsonResponse({ error: { message: 'No account with this email.' } }, 400),
    });
    const { user } = await renderForgotPassword();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), OWNER_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Reset your Password' })).toBeInTheDocument();
  });

  it('asks for matching passwords that meet every rule', async () => {
    fakeAuthServer({
      [FORGET]: forgetPasswordAnswers(),
      [VERIFY]: jsonResponse({ status: 200, data: { message: 'ok' } }),
    });
    const { user } = await renderForgotPassword();
    await goToPasswordStep(user);
    const password = screen.getByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm Password');
    const submit = screen.getByRole('button', { name: 'Change Password' });

    expect(submit).toBeDisabled();
    await user.type(password, 'abc');
    await user.type(confirm, 'abcdefgh');
    await user.tab();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
    expect(
      screen.getByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Password must contain at least one special character'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(password);
    await user.type(password, NEW_PASSWORD);
    await user.clear(confirm);
    await user.type(confirm, NEW_PASSWORD);
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('changes the password, signs in with it and opens the dashboard', async () => {
    const fetchMock = fakeAuthServer({
      [FORGET]: forgetPasswordAnswers(),
      [VERIFY]: jsonResponse({ status: 200, data: { message: 'ok' } }),
      'POST /api/auth/token/': jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, store, router } = await renderForgotPassword();
    await goToPasswordStep(user);

    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const change = callsTo(fetchMock, 'PATCH', '/api/auth/forget-password/')[1];
    expect(await jsonBodyOf(change)).toEqual({
      email: OWNER_EMAIL,
      password: NEW_PASSWORD,
      source: 'forget-password',
    });
    expect(await formBodyOf(callsTo(fetchMock, 'POST', '/api/auth/token/')[0])).toMatchObject({
      email: OWNER_EMAIL,
      password: NEW_PASSWORD,
    });
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it.each([
    [
      'the first email detail',
      { error: { message: 'x', details: { email: ['The code for this email has expired.'] } } },
      'The code for this email has expired.',
    ],
    ['a default', { error: { message: 'Something is off' } }, 'Failed to change password'],
  ])('on failure toasts Error for 8000 ms with %s, once', async (_case, body, detail) => {
    fakeAuthServer({
      [FORGET]: forgetPasswordAnswers(jsonResponse(body, 400)),
      [VERIFY]: jsonResponse({ status: 200, data: { message: 'ok' } }),
    });
    const { user, router } = await renderForgotPassword();
    await goToPasswordStep(user);
    const toasts = captureNotifications();

    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(1));
    expect(toasts).toHaveBeenCalledWith({
      severity: 'error',
      summary: 'Error',
      detail,
      lifetime: 8000,
    });
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
