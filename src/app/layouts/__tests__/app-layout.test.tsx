import { screen } from '@testing-library/react';

import { SHARED_ACCESS, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-with-providers';

describe('a route of an area opened by its address', () => {
  it('shows a shared user without access the no-access state instead of the screen', async () => {
    renderApp({ route: '/bulk-operations', preloadedState: { session: sharedUserSession() } });

    expect(
      await screen.findByRole('heading', { name: "You don't have access to bulk operations" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ask the account owner (Olivia Owner) to give you access.'),
    ).toBeInTheDocument();
  });

  it('shows it for a settings tab too', async () => {
    renderApp({ route: '/settings', preloadedState: { session: sharedUserSession() } });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to the custom domain" }),
    ).toBeInTheDocument();
  });

  it('shows a shared user who may only view the "change" state on a screen that changes data', async () => {
    renderApp({ route: '/templates/create', preloadedState: { session: sharedUserSession() } });

    expect(
      await screen.findByRole('heading', { name: "You don't have access to change templates" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ask the account owner (Olivia Owner) for edit access.'),
    ).toBeInTheDocument();
  });

  it('shows the "change" state on /create to a shared user who may only view verifications', async () => {
    const session = sharedUserSession({
      sharedUserAccess: { ...SHARED_ACCESS, verifications: 'view' },
    });
    renderApp({ route: '/create', preloadedState: { session } });

    expect(
      await screen.findByRole('heading', { name: "You don't have access to change verifications" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create verification' })).not.toBeInTheDocument();
  });

  it('lets an owner through', async () => {
    renderApp({ route: '/bulk-operations', preloadedState: { session: signedInSession() } });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByText(/You don't have access/)).not.toBeInTheDocument();
  });
});

describe('skip link', () => {
  it('is the first Tab stop and moves focus to the main content', async () => {
    const { user } = renderApp({
      route: '/create',
      preloadedState: { session: signedInSession() },
    });
    await screen.findByRole('navigation', { name: 'Main' });

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The address stays as it was: no #hash that would fade the page in again.
    expect(window.location.hash).toBe('');
  });
});
