import { act, screen, waitFor } from '@testing-library/react';

import { ROUTES } from '@/config/routes';
import { signedInSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-with-providers';

describe('the browser tab’s title', () => {
  it('names every route differently, after its screen', () => {
    const titles = ROUTES.map((route) => route.documentTitle);
    expect(new Set(titles).size).toBe(ROUTES.length);
    expect(titles).not.toContain('');
  });

  it('follows the route table as a signed-in user moves between screens', async () => {
    const { router } = renderApp({
      route: '/create',
      preloadedState: { session: signedInSession() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create New Verification' });
    expect(document.title).toBe('Create New Verification · QR Verify');

    await act(() => router.navigate('/settings/users'));
    await waitFor(() => expect(document.title).toBe('Settings - Users · QR Verify'));

    await act(() => router.navigate('/'));
    await waitFor(() => expect(document.title).toBe('Verifications · QR Verify'));

    await act(() => router.navigate('/no-such-page'));
    await waitFor(() => expect(document.title).toBe('Page Not Found · QR Verify'));
  });

  it('names a signed-out screen too', async () => {
    renderApp({ route: '/forgot-password' });
    await screen.findByRole('heading', { name: 'Reset your Password' });
    expect(document.title).toBe('Reset your Password · QR Verify');
  });
});
