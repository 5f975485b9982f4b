// The two subscription pieces every signed-in screen carries: the past-due banner and the plan limit's toast.
import { act, screen, waitFor } from '@testing-library/react';

import { baseApi } from '@/lib/api/base-api';
import { browserLocation } from '@/lib/browser-location';
import type { SessionState } from '@/lib/session/session-slice';
import {
  OWNER_PROFILE,
  SHARED_USER_PROFILE,
  sharedUserSession,
  signedInSession,
} from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';
import {
  FREE_SUBSCRIPTION,
  PLANS_RESPONSE,
  STARTER_SUBSCRIPTION,
  subscriptionWith,
} from '@/testing/subscription-fixtures';
import type { UserProfile } from '@common/auth-schemas';

import type { Subscription } from '../api/subscription-api';

const PORTAL_URL = 'https://billing.stripe.test/session/bps_2';
const BANNER_TEXT = 'Your last payment failed. Update your payment method to keep your plan.';
// Onboarded, so no welcome dialog hides the screen.
const SHARED_PROFILE: UserProfile = { ...SHARED_USER_PROFILE, industry: 'Education' };
const PAST_DUE = subscriptionWith({ status: 'past_due' }, STARTER_SUBSCRIPTION);

const limitedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    secureSomething: build.mutation<unknown, void>({
      query: () => ({ url: 'limited/', method: 'POST' }),
    }),
  }),
});

function serve(subscription: Subscription | null, profile: UserProfile = OWNER_PROFILE) {
  mockFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/profile/') return jsonResponse(profile);
    if (path === '/api/subscription/portal/') return jsonResponse({ url: PORTAL_URL });
    if (path === '/api/subscription/plans/') return jsonResponse(PLANS_RESPONSE);
    if (path === '/api/subscription/' && subscription) return jsonResponse(subscription);
    if (path === '/api/limited/') {
      return jsonResponse(
        {
          error: {
            code: 'plan_limit',
            message: 'Your plan allows 10 verifications a month. Upgrade to secure more.',
            details: { limit_key: 'verifications_per_month', limit: 10, used: 10 },
          },
        },
        403,
      );
    }
    return jsonResponse({ error: { message: 'Not found.', code: 'not_found' } }, 404);
  });
}

/** A screen of this feature's that asks the server nothing itself, so another feature's changes cannot move it. */
function renderScreen(session: Partial<SessionState> = signedInSession()) {
  return renderApp({ route: '/subscription/failed', preloadedState: { session } });
}

describe('past-due banner', () => {
  it('asks the owner to update the payment method and opens the billing portal', async () => {
    serve(PAST_DUE);
    const { user } = renderScreen();

    const banner = await screen.findByText(BANNER_TEXT);
    expect(screen.getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update payment' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(banner).toBeInTheDocument();
  });

  it('tells a shared user without a button', async () => {
    serve(PAST_DUE, SHARED_PROFILE);
    renderScreen(sharedUserSession());

    expect(await screen.findByText(BANNER_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update payment' })).not.toBeInTheDocument();
  });

  it.each([
    ['an active plan', STARTER_SUBSCRIPTION],
    ['the Free plan', FREE_SUBSCRIPTION],
    ['a subscription that cannot be loaded', null],
  ])('is not there on %s, and says nothing', async (_name, subscription) => {
    serve(subscription);
    renderScreen();

    await screen.findByRole('heading', { name: 'Payment not completed' });
    // Let the subscription's answer arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays out of the way when the test server knows no subscription at all', async () => {
    // No mocked server: every call fails as a network error would.
    renderScreen();

    await screen.findByRole('heading', { name: 'Payment not completed' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
  });
});

describe("a plan limit's toast", () => {
  it("says 'Limit Exhusted' with the server's message and leads to the plans", async () => {
    serve(FREE_SUBSCRIPTION);
    const { store, user, router } = renderScreen();
    await screen.findByRole('heading', { name: 'Payment not completed' });

    await act(() => store.dispatch(limitedApi.endpoints.secureSomething.initiate()));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Limit Exhusted');
    expect(toast).toHaveTextContent(
      'Your plan allows 10 verifications a month. Upgrade to secure more.',
    );
    await user.click(screen.getByRole('link', { name: 'See plans' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription/plans'));
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('has no link for a shared user', async () => {
    serve(FREE_SUBSCRIPTION, SHARED_PROFILE);
    const { store } = renderScreen(sharedUserSession());
    await screen.findByRole('heading', { name: 'Payment not completed' });

    await act(() => store.dispatch(limitedApi.endpoints.secureSomething.initiate()));

    expect(await screen.findByRole('alert')).toHaveTextContent('Limit Exhusted');
    expect(screen.queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
  });
});
