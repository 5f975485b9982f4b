import { screen, waitFor, within } from '@testing-library/react';

import { browserLocation } from '@/lib/browser-location';
import type { SessionState } from '@/lib/session/session-slice';
import { sharedUserSession, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch, requestedPaths } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  FREE_SUBSCRIPTION,
  STARTER_SUBSCRIPTION,
  subscriptionWith,
} from '@/testing/subscription-fixtures';

import { SubscriptionOverviewScreen } from '../components/subscription-overview-screen';

import type { Subscription } from '../api/subscription-api';

const PORTAL_URL = 'https://billing.stripe.test/session/bps_1';

function render(
  subscription: Subscription | (() => Response),
  session: Partial<SessionState> = signedInSession(),
) {
  const fetchMock = mockFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/subscription/portal/' && request.method === 'POST') {
      return jsonResponse({ url: PORTAL_URL });
    }
    if (path === '/api/subscription/') {
      return typeof subscription === 'function' ? subscription() : jsonResponse(subscription);
    }
    return jsonResponse({ error: { message: 'Not found.', code: 'not_found' } }, 404);
  });
  const view = renderWithProviders(<SubscriptionOverviewScreen />, {
    route: '/subscription',
    preloadedState: { session: session as SessionState },
  });
  return { ...view, fetchMock };
}

const bar = (name: string) => screen.getByRole('progressbar', { name });

describe('subscription overview', () => {
  it('shows the plan, its status and the usage against each limit', async () => {
    render(FREE_SUBSCRIPTION);

    const plan = within(await screen.findByRole('region', { name: 'Current plan' }));
    expect(plan.getByText('Free', { selector: 'p' })).toBeInTheDocument();
    expect(
      plan.getByText('No payment needed. Upgrade whenever you need more.'),
    ).toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Change plan' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
    // Free accounts have never paid: there is no billing to manage.
    expect(plan.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();

    const usage = within(screen.getByRole('region', { name: 'Usage' }));
    expect(usage.getByText('3 of 10')).toBeInTheDocument();
    expect(usage.getByText('Resets on 1 April 2026')).toBeInTheDocument();
    expect(bar('Verifications this month')).toHaveAttribute('aria-valuenow', '30');
    expect(usage.getByText('0 of 1')).toBeInTheDocument();
    expect(
      within(usage.getByRole('group', { name: 'Custom domain' })).getByText('Not included'),
    ).toBeInTheDocument();
    expect(
      within(usage.getByRole('group', { name: 'API & webhooks' })).getByText('Not included'),
    ).toBeInTheDocument();
    expect(
      within(usage.getByRole('group', { name: 'Bulk operations' })).getByText('Up to 10 rows each'),
    ).toBeInTheDocument();
  });

  it.each([
    [79, 'MuiLinearProgress-colorPrimary', null],
    [80, 'MuiLinearProgress-colorWarning', 'Almost at your limit'],
    [99, 'MuiLinearProgress-colorWarning', 'Almost at your limit'],
    [100, 'MuiLinearProgress-colorError', 'Limit reached'],
  ])('colours the bar at %i %% used with %s', async (used, colorClass, note) => {
    render(
      subscriptionWith({
        limits: { verifications_per_month: 100 },
        usage: { verifications_this_month: used },
      }),
    );

    await screen.findByRole('region', { name: 'Usage' });
    expect(bar('Verifications this month')).toHaveClass(colorClass);
    if (note) expect(screen.getByText(note)).toBeInTheDocument();
    else expect(screen.queryByText(/Limit reached|Almost at your limit/)).not.toBeInTheDocument();
  });

  it('shows an unlimited count without a bar', async () => {
    render(
      subscriptionWith({
        limits: { verifications_per_month: null, team_members: 2 },
        usage: { verifications_this_month: 1234, team_members: 2 },
      }),
    );

    await screen.findByRole('region', { name: 'Usage' });
    expect(screen.getByText('1,234 used · Unlimited')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Verifications this month' })).toBeNull();
    expect(bar('Team members')).toHaveClass('MuiLinearProgress-colorError');
  });

  it('says when a paid plan renews, and opens the billing portal for the owner', async () => {
    const { user, fetchMock } = render(STARTER_SUBSCRIPTION);

    const plan = within(await screen.findByRole('region', { name: 'Current plan' }));
    expect(plan.getByText('Active')).toBeInTheDocument();
    expect(plan.getByText('Billed monthly · Renews on 5 April 2026')).toBeInTheDocument();

    await user.click(plan.getByRole('button', { name: 'Manage billing' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(requestedPaths(fetchMock)).toContain('/api/subscription/portal/');
  });

  it('says when a plan canceled at the end of its period ends', async () => {
    render(
      subscriptionWith(
        { interval: 'year', cancel_at_period_end: true, status: 'past_due' },
        STARTER_SUBSCRIPTION,
      ),
    );

    const plan = within(await screen.findByRole('region', { name: 'Current plan' }));
    expect(plan.getByText('Billed yearly · Ends on 5 April 2026')).toBeInTheDocument();
    expect(plan.getByText('Past due')).toBeInTheDocument();
  });

  it('gives shared users neither billing nor a way to change the plan', async () => {
    render(STARTER_SUBSCRIPTION, sharedUserSession());

    const plan = within(await screen.findByRole('region', { name: 'Current plan' }));
    expect(
      plan.getByText('The account owner (Olivia Owner) manages the plan and billing.'),
    ).toBeInTheDocument();
    expect(plan.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
    expect(plan.queryByRole('link', { name: 'Change plan' })).not.toBeInTheDocument();
  });

  it('shows an error state with a retry when the subscription cannot be loaded', async () => {
    let isDown = true;
    const { user } = render(() =>
      isDown
        ? jsonResponse({ error: { message: 'Down', code: 'internal_error' } }, 500)
        : jsonResponse(FREE_SUBSCRIPTION),
    );

    expect(
      await screen.findByRole('heading', { name: 'The subscription could not be loaded' }),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Current plan' })).toBeInTheDocument();
  });
});
