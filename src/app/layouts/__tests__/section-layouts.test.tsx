import { screen } from '@testing-library/react';

import { OWNER_PROFILE, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';
import { FREE_SUBSCRIPTION, PLANS_RESPONSE } from '@/testing/subscription-fixtures';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('settings layout', () => {
  it('opens on the Custom Domain tab and switches to Users by route', async () => {
    mockFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/profile/') return jsonResponse(OWNER_PROFILE);
      if (path === '/api/team/users/') return jsonResponse({ count: 0, results: [] });
      return jsonResponse({ detail: 'Not found.' }, 404);
    });
    const { user, router } = renderApp({
      route: '/settings',
      preloadedState: { session: signedInSession() },
    });

    await screen.findByRole('heading', { name: 'Custom domain' });
    expect(tabNames()).toEqual(['Custom Domain', 'Users']);
    expect(screen.getByRole('tab', { name: 'Custom Domain' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(
      await screen.findByRole('heading', { name: 'No users invited yet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('subscription layout', () => {
  beforeEach(() => {
    mockFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/subscription/') return jsonResponse(FREE_SUBSCRIPTION);
      if (path === '/api/subscription/plans/') return jsonResponse(PLANS_RESPONSE);
      return jsonResponse({ detail: 'Not found.' }, 404);
    });
  });

  it('shows Overview and Plans to owners', async () => {
    renderApp({ route: '/subscription', preloadedState: { session: signedInSession() } });

    await screen.findByRole('region', { name: 'Current plan' });
    expect(tabNames()).toEqual(['Overview', 'Plans']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('hides Plans from shared users', async () => {
    renderApp({ route: '/subscription', preloadedState: { session: sharedUserSession() } });

    await screen.findByRole('region', { name: 'Current plan' });
    expect(tabNames()).toEqual(['Overview']);
    expect(screen.queryByRole('link', { name: 'Change plan' })).not.toBeInTheDocument();
  });

  it('selects Plans on the plans page', async () => {
    renderApp({ route: '/subscription/plans', preloadedState: { session: signedInSession() } });

    await screen.findByRole('heading', { name: 'Choose a plan' });
    expect(screen.getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
  });

  it('tells a shared user who opens Plans by its address that the plan is the owner’s', async () => {
    renderApp({ route: '/subscription/plans', preloadedState: { session: sharedUserSession() } });

    expect(
      await screen.findByRole('heading', { name: 'Only the account owner can change the plan' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ask the account owner (Olivia Owner) if your team needs more.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
  });
});
