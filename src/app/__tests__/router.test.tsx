import { screen } from '@testing-library/react';

import { expiredSession, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';

describe('navigation guard in the running app', () => {
  it('sends a signed-out visitor of a protected page to signin, remembering the page', async () => {
    const { router } = renderApp({ route: '/templates/7/edit?tab=design' });

    expect(
      await screen.findByRole('heading', { name: "Let's get you Signed In" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/templates/7/edit?tab=design',
    );
  });

  it('treats an expired session as signed out', async () => {
    const { router } = renderApp({
      route: '/account',
      preloadedState: { session: expiredSession() },
    });

    await screen.findByRole('heading', { name: "Let's get you Signed In" });
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('sends a signed-in user from signin to the dashboard', async () => {
    // The dashboard asks for its list and figures; an account without verifications.
    mockFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/verifications/') {
        return jsonResponse({ count: 0, page: 1, page_size: 10, results: [] });
      }
      if (pathname === '/api/verifications/stats/') {
        return jsonResponse({ total: 0, active: 0, revoked: 0, expired: 0, scans_last_30_days: 0 });
      }
      return jsonResponse({ error: { message: 'Not found' } }, 404);
    });
    const { router } = renderApp({
      route: '/signin',
      preloadedState: { session: signedInSession() },
    });

    expect(
      await screen.findByRole('heading', { name: 'No verifications yet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out visitor of an unknown page to signin', async () => {
    const { router } = renderApp({ route: '/no-such-page' });

    await screen.findByRole('heading', { name: "Let's get you Signed In" });
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('');
  });

  it('shows the not-found screen with a way home to a signed-in user', async () => {
    renderApp({ route: '/no-such-page', preloadedState: { session: signedInSession() } });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Verifications' })).toHaveAttribute('href', '/');
  });

  it('serves the custom domain tab at its alias path', async () => {
    renderApp({ route: '/custom-domain', preloadedState: { session: signedInSession() } });

    expect(await screen.findByRole('heading', { name: 'Custom domain' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Custom Domain' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
