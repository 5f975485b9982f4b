import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { EmailVerificationStep } from '@/features/auth/components/email-verification-step';
import { selectAccessToken } from '@/lib/session/session-slice';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

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

const EMAIL = 'new.user@example.com';
const VERIFY = 'PATCH /api/auth/email-verification/';
const RESEND = 'PATCH /api/auth/resend-otp/';

function renderStep(props: Partial<Parameters<typeof EmailVerificationStep>[0]> = {}) {
  const onVerified = jest.fn();
  const view = renderWithProviders(
    <EmailVerificationStep email={EMAIL} onVerified={onVerified} {...props} />,
  );
  return { ...view, onVerified };
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('email verification step', () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it('says what to do and where to look', () => {
    renderStep();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Authenticate Your Account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter the code sent to your email.')).toBeInTheDocument();
    expect(screen.getByText("Check Spam folder if you haven't received it.")).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
  });

  it('enables Confirm only once six digits are in', async () => {
    fakeAuthServer({});
    const { user } = renderStep();
    const confirm = screen.getByRole('button', { name: 'Confirm' });

    expect(confirm).toBeDisabled();
    await typeCode(user, '12345');
    expect(confirm).toBeDisabled();
    await user.keyboard('6');
    expect(confirm).toBeEnabled();
    await user.keyboard('{Backspace}');
    expect(confirm).toBeDisabled();
  });

  it('sends the code with its source, shows progress, then signals completion', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = fakeAuthServer({
      [VERIFY]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, onVerified } = renderStep({ source: 'email_verification' });

    await typeCode(user, '042317');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const confirm = screen.getByRole('button', { name: /Confirm/ });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    const [request] = callsTo(fetchMock, 'PATCH', '/api/auth/email-verification/');
    expect(new URL(request.url).searchParams.get('source')).toBe('email_verification');
    expect(await jsonBodyOf(request)).toEqual({ email: EMAIL, otp: '042317' });

    await act(async () => answer(jsonResponse({ status: 200, data: { message: 'Verified' } })));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
  });

  it.each<[string, Answer, string]>([
    [
      'the server message',
      jsonResponse({ error: { message: 'OTP has expired, request a new one.' } }, 400),
      'OTP has expired, request a new one.',
    ],
    ['a default', jsonResponse({}, 400), 'Invalid OTP, Please try again.'],
  ])('on a refused code shows %s, once', async (_case, verifyAnswer, message) => {
    fakeAuthServer({ [VERIFY]: verifyAnswer });
    const { user, onVerified } = renderStep();
    const toasts = captureNotifications();

    await typeCode(user, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(1));
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'error', detail: message }),
    );
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('after a sign-up, records the analytics event and signs in with the chosen password', async () => {
    const fetchMock = fakeAuthServer({
      [VERIFY]: jsonResponse({ status: 200, data: { message: 'Email verified' } }),
      'POST /api/auth/token/': jsonResponse(TOKENS),
      'GET /api/auth/profile/': profileAnswer(),
    });
    const { user, store, onVerified } = renderStep({ source: 'signup', password: 'Secret-123' });

    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    const [verify] = callsTo(fetchMock, 'PATCH', '/api/auth/email-verification/');
    expect(new URL(verify.url).searchParams.get('source')).toBe('signup');
    expect(window.dataLayer).toEqual([{ event: 'signup-completed', email: EMAIL }]);
    const [token] = callsTo(fetchMock, 'POST', '/api/auth/token/');
    expect(await formBodyOf(token)).toMatchObject({
      grant_type: 'password',
      email: EMAIL,
      password: 'Secret-123',
    });
    expect(selectAccessToken(store.getState())).toBe(TOKENS.access_token);
  });

  it('does not record a sign-up for other sources', async () => {
    fakeAuthServer({ [VERIFY]: jsonResponse({ status: 200, data: { message: 'ok' } }) });
    const { user, onVerified } = renderStep({ source: 'forget-password' });

    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(window.dataLayer).toBeUndefined();
  });

  it('offers < Back when the flow has a previous step', async () => {
    const onBack = jest.fn();
    const { user } = renderStep({ onBack });

    await user.click(screen.getByRole('button', { name: '< Back' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('resending the code', () => {
  it('toasts the server message for 3 s', async () => {
    const fetchMock = fakeAuthServer({
      [RESEND]: jsonResponse({ data: { message: 'A new OTP is on its way.' } }),
    });
    const { user } = renderStep();
    const toasts = captureNotifications();

    await user.click(screen.getByRole('button', { name: 'Resend' }));

    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith({
        severity: 'success',
        summary: 'OTP Resent',
        detail: 'A new OTP is on its way.',
        lifetime: 3000,
      }),
    );
    expect(await jsonBodyOf(callsTo(fetchMock, 'PATCH', '/api/auth/resend-otp/')[0])).toEqual({
      email: EMAIL,
    });
  });

  it('shows the toast on screen, with a default text when the server gives none', async () => {
    fakeAuthServer({ [RESEND]: jsonResponse({ data: {} }) });
    const { user } = renderStep();

    await user.click(screen.getByRole('button', { name: 'Resend' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('OTP Resent');
    expect(toast).toHaveTextContent('OTP has been resent successfully.');
  });

  it.each<[string, Response, string]>([
    [
      'the server message',
      jsonResponse({ error: { message: 'No pending verification for this email.' } }, 400),
      'No pending verification for this email.',
    ],
    ['a default', jsonResponse({}, 400), 'Failed to resend OTP, please try again.'],
  ])('on failure shows %s, once', async (_case, resendAnswer, message) => {
    fakeAuthServer({ [RESEND]: resendAnswer });
    const { user } = renderStep();
    const toasts = captureNotifications();

    await user.click(screen.getByRole('button', { name: 'Resend' }));

    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(1));
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'error', detail: message }),
    );
  });

  describe('cooldown', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('disables Resend for 10 seconds after each press, counting down', async () => {
      fakeAuthServer({ [RESEND]: () => jsonResponse({ data: { message: 'Sent' } }) });
      renderStep();
      const resend = () => screen.getByRole('button', { name: /^Resend/ });

      expect(resend()).toBeEnabled();
      await act(async () => fireEvent.click(resend()));
      expect(resend()).toBeDisabled();
      expect(resend()).toHaveTextContent('Resend (10s)');

      await act(async () => jest.advanceTimersByTime(1000));
      expect(resend()).toHaveTextContent('Resend (9s)');
      await act(async () => jest.advanceTimersByTime(8000));
      expect(resend()).toHaveTextContent('Resend (1s)');
      expect(resend()).toBeDisabled();
      await act(async () => jest.advanceTimersByTime(1000));
      expect(resend()).toBeEnabled();
      expect(resend()).toHaveTextContent(/^Resend$/);

      // Each press starts the countdown again.
      await act(async () => fireEvent.click(resend()));
      expect(resend()).toHaveTextContent('Resend (10s)');
    });
  });
});
