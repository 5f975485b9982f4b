import { screen } from '@testing-library/react';

import { sharedUserSession, signedInSession } from '@/testing/fixtures';
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

  it('lets an owner through', async () => {
    renderApp({ route: '/bulk-operations', preloadedState: { session: signedInSession() } });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByText(/You don't have access/)).not.toBeInTheDocument();
  });
});
