import { screen, waitFor, within } from '@testing-library/react';

import { browserLocation } from '@/lib/browser-location';
import type { SessionState } from '@/lib/session/session-slice';
import { signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  FREE_SUBSCRIPTION,
  PLANS_RESPONSE,
  STARTER_SUBSCRIPTION,
} from '@/testing/subscription-fixtures';

import { PlansScreen } from '../components/plans-screen';

import type { PlansResponse, Subscription } from '../api/subscription-api';

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

interface Options {
  plans?: PlansResponse | (() => Response);
  subscription?: Subscription;
  checkout?: () => Response;
}

function render({
  plans = PLANS_RESPONSE,
  subscription = FREE_SUBSCRIPTION,
  checkout = () => jsonResponse({ url: CHECKOUT_URL }),
}: Options = {}) {
  const checkoutBodies: unknown[] = [];
  mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/subscription/checkout/' && request.method === 'POST') {
      checkoutBodies.push(await request.json());
      return checkout();
    }
    if (path === '/api/subscription/plans/') {
      return typeof plans === 'function' ? plans() : jsonResponse(plans);
    }
    if (path === '/api/subscription/') return jsonResponse(subscription);
    return jsonResponse({ error: { message: 'Not found.', code: 'not_found' } }, 404);
  });
  const view = renderWithProviders(<PlansScreen />, {
    route: '/subscription/plans',
    preloadedState: { session: signedInSession() as SessionState },
  });
  return { ...view, checkoutBodies };
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('plans screen', () => {
  it('shows monthly prices, and yearly ones once Yearly is picked', async () => {
    const { user } = render();

    await screen.findByRole('article', { name: 'Starter' });
    expect(card('Free').getByText('Free', { selector: 'p' })).toBeInTheDocument();
    expect(card('Starter').getByText('$19')).toBeInTheDocument();
    expect(card('Starter').getByText('per month')).toBeInTheDocument();
    expect(card('Pro').getByText('$79')).toBeInTheDocument();
    expect(card('Enterprise').getByText('Custom pricing')).toBeInTheDocument();

    // 190 a year against 12 × 19: a saving of 16 %.
    const yearly = screen.getByRole('button', { name: 'Yearly save up to 16%' });
    await user.click(yearly);

    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    expect(card('Starter').getByText('$190')).toBeInTheDocument();
    expect(card('Starter').getByText('per year')).toBeInTheDocument();
    expect(
      card('Starter').getByText('$15.83 a month, billed yearly · save 16%'),
    ).toBeInTheDocument();
    expect(card('Pro').getByText('$790')).toBeInTheDocument();
  });

  it('marks the current plan and disables its button', async () => {
    render({ subscription: STARTER_SUBSCRIPTION });

    await screen.findByRole('article', { name: 'Starter' });
    await waitFor(() => expect(card('Starter').getByText('Current plan')).toBeInTheDocument());
    expect(card('Starter').getByRole('button', { name: 'Your plan' })).toBeDisabled();
    expect(card('Pro').queryByText('Current plan')).not.toBeInTheDocument();
    expect(
      card('Free').getByText('Cancel your paid plan under Manage billing to return to Free.'),
    ).toBeInTheDocument();
  });

  it('sends Choose to Stripe Checkout and keeps the button busy while the browser leaves', async () => {
    const { user, checkoutBodies } = render();

    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(checkoutBodies).toEqual([{ plan_id: 'pro', interval: 'month' }]);
    expect(card('Starter').getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
  });

  it('checks out for the year once Yearly is picked', async () => {
    const { user, checkoutBodies } = render();

    await user.click(await screen.findByRole('button', { name: /^Yearly/ }));
    await user.click(card('Starter').getByRole('button', { name: 'Choose Starter' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(checkoutBodies).toEqual([{ plan_id: 'starter', interval: 'year' }]);
  });

  it('says why Checkout could not open', async () => {
    const { user } = render({
      checkout: () =>
        jsonResponse(
          { error: { message: 'Payments are not set up here.', code: 'billing_not_configured' } },
          409,
        ),
    });

    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Checkout unavailable');
    expect(toast).toHaveTextContent('Payments are not set up here.');
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('offers to contact us for a plan not sold online for the period', async () => {
    const { user } = render();

    await screen.findByRole('article', { name: 'Pro' });
    expect(card('Pro').getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
    expect(card('Enterprise').getByRole('link', { name: 'Contact us to upgrade' })).toHaveAttribute(
      'href',
      'mailto:support@qrverify.app?subject=Upgrade%20to%20Enterprise',
    );

    // Pro is sold online by the month only.
    await user.click(screen.getByRole('button', { name: /^Yearly/ }));
    expect(card('Pro').getByRole('link', { name: 'Contact us to upgrade' })).toBeInTheDocument();
    expect(card('Pro').queryByRole('button', { name: 'Choose Pro' })).not.toBeInTheDocument();
  });

  it('offers only contact when the server has no Stripe', async () => {
    render({ plans: { ...PLANS_RESPONSE, checkout_enabled: false } });

    await screen.findByRole('article', { name: 'Starter' });
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Contact us to upgrade' })).toHaveLength(3);
  });

  it('compares the plans’ limits in a table', async () => {
    render();

    const table = within(await screen.findByRole('table', { name: 'Compare plans' }));
    const row = (name: string) =>
      within(table.getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('Verifications a month')).toEqual(['10', '200', '2,000', 'Unlimited']);
    expect(row('Bulk rows per operation')).toEqual(['10', '200', '5,000', 'Unlimited']);
    expect(row('Team members')).toEqual(['1', '3', '15', 'Unlimited']);
    expect(row('Custom domain')).toEqual(['No', 'No', 'Yes', 'Yes']);
    expect(row('API & webhooks')).toEqual(['No', 'Yes', 'Yes', 'Yes']);
    expect(row('Public page scans')).toEqual(['Unlimited', 'Unlimited', 'Unlimited', 'Unlimited']);
  });

  it('shows an error state when the plans cannot be loaded', async () => {
    render({
      plans: () => jsonResponse({ error: { message: 'Down', code: 'internal_error' } }, 500),
    });

    expect(
      await screen.findByRole('heading', { name: 'Plans could not be loaded' }),
    ).toBeInTheDocument();
  });
});
