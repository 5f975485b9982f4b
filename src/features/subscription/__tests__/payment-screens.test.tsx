import { act, screen, waitFor } from '@testing-library/react';

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

const CHECKOUT = '/api/subscription/checkout/cs_test_1/';
const PAID = { paid: true, plan: { id: 'starter', name: 'Starter' } };

/**
 * A server whose Checkout session is `checkout` (an answer, or a status with an error) and whose subscription
 * answers `answers` in turn, then the last one for ever.
 */
function serve(checkout: object | number, answers: Subscription[] = [FREE_SUBSCRIPTION]) {
  let calls = 0;
  const fetchMock = mockFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === CHECKOUT) {
      return typeof checkout === 'number'
        ? jsonResponse({ error: { message: 'Refused', code: 'not_found' } }, checkout)
        : jsonResponse(checkout);
    }
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    return jsonResponse(answer);
  });
  return { calls: () => calls, fetchMock };
}

function renderConfirmed(route = '/subscription/success?session_id=cs_test_1') {
  return renderWithProviders(<PaymentConfirmedScreen />, {
    route,
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

  it('once Stripe reports the session paid, asks again until the webhook has upgraded the plan', async () => {
    const server = serve(PAID, [FREE_SUBSCRIPTION, FREE_SUBSCRIPTION, STARTER_SUBSCRIPTION]);
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

  it('paid but the plan has not changed after 10 s: thanks for the payment Stripe confirmed', async () => {
    const server = serve(PAID);
    renderConfirmed();

    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    // The 10 s count from Stripe's answer, when the plan is first asked for.
    await waitFor(() => expect(server.calls()).toBe(1));
    await advance(CONFIRM_TIMEOUT_MS);

    expect(
      screen.getByText(
        'Stripe has confirmed your payment for the Starter plan. Your plan will update in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your subscription' })).toBeInTheDocument();
    expect(server.calls()).toBeGreaterThanOrEqual(6);
    const asked = server.calls();
    await advance(CONFIRM_POLL_INTERVAL_MS * 3);
    expect(server.calls()).toBe(asked);
  });

  it('opened without a checkout session: nothing to confirm, and no thanks however long it stays open', async () => {
    const { fetchMock } = serve(PAID);
    renderConfirmed('/subscription/success');

    expect(await screen.findByRole('heading', { name: 'Nothing to confirm' })).toBeInTheDocument();
    await advance(15_000);
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['an unpaid session', { paid: false, plan: { id: 'starter', name: 'Starter' } }],
    ["another account's or an unknown session (404)", 404],
    ['an id that is no session (400)', 400],
  ])('%s: nothing to confirm', async (_case, checkout) => {
    serve(checkout);
    renderConfirmed();

    expect(await screen.findByRole('heading', { name: 'Nothing to confirm' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Stripe does not report a payment for this checkout, so there is nothing to confirm and your plan has not changed.',
      ),
    ).toBeInTheDocument();
    await advance(15_000);
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
  });

  it('Stripe not answering: says the payment could not be checked, neither thanks nor denies', async () => {
    serve(503);
    renderConfirmed();

    expect(
      await screen.findByRole('heading', { name: 'Your payment could not be checked' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/Thank you|Nothing to confirm/)).not.toBeInTheDocument();
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
