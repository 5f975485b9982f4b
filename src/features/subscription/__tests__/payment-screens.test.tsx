import { act, screen } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import { signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FREE_SUBSCRIPTION, STARTER_SUBSCRIPTION } from '@/testing/subscription-fixtures';

import {
  CONFIRM_POLL_INTERVAL_MS,
  CONFIRM_TIMEOUT_MS,
  PaymentConfirmedScreen,
} from '../components/payment-confirmed-screen';
import { PaymentFailedScreen } from '../components/payment-failed-screen';

import type { Subscription } from '../api/subscription-api';

/** A server whose subscription answers `answers` in turn, then the last one for ever. */
function serveSubscriptions(answers: Subscription[]) {
  let calls = 0;
  mockFetch(() => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    return jsonResponse(answer);
  });
  return { calls: () => calls };
}

function renderConfirmed() {
  return renderWithProviders(<PaymentConfirmedScreen />, {
    route: '/subscription/success?session_id=cs_test_1',
    preloadedState: { session: signedInSession() as SessionState },
  });
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('payment completed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks again until the webhook has upgraded the plan, then confirms it', async () => {
    const server = serveSubscriptions([FREE_SUBSCRIPTION, FREE_SUBSCRIPTION, STARTER_SUBSCRIPTION]);
    renderConfirmed();

    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment…' }),
    ).toBeInTheDocument();
    await advance(CONFIRM_POLL_INTERVAL_MS);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    await advance(CONFIRM_POLL_INTERVAL_MS);

    expect(await screen.findByText('Thank you. You are on the Starter plan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    // Confirmed: no more asking.
    const asked = server.calls();
    expect(asked).toBe(3);
    await advance(CONFIRM_POLL_INTERVAL_MS * 3);
    expect(server.calls()).toBe(asked);
  });

  it('says the payment is being processed when the plan has not changed after 10 s', async () => {
    const server = serveSubscriptions([FREE_SUBSCRIPTION]);
    renderConfirmed();

    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    await advance(CONFIRM_TIMEOUT_MS);

    expect(
      screen.getByText('Your payment is being processed. Your plan will update in a few minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your subscription' })).toBeInTheDocument();
    expect(server.calls()).toBeGreaterThanOrEqual(6);
    const asked = server.calls();
    await advance(CONFIRM_POLL_INTERVAL_MS * 3);
    expect(server.calls()).toBe(asked);
  });
});

describe('payment failed', () => {
  it('says nothing was charged and offers to try again', async () => {
    renderWithProviders(<PaymentFailedScreen />, {
      route: '/subscription/failed',
      preloadedState: { session: signedInSession() as SessionState },
    });

    expect(
      await screen.findByRole('heading', { name: 'Payment not completed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
    expect(screen.getByRole('link', { name: 'support@qrverify.app' })).toHaveAttribute(
      'href',
      'mailto:support@qrverify.app',
    );
  });
});
