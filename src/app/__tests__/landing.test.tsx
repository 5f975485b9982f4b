// The landing rule: a user never lands on a screen they may not use. A shared user without verifications who
// arrives at '/' (where sign-in leads) is sent to the first area their owner shared, or to a welcome naming what
// is shared; nothing is asked of the server that it would refuse.
import { screen, within } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import {
  OWNER_PROFILE,
  SHARED_ACCESS,
  SHARED_USER_PROFILE,
  sharedUserSession,
  signedInSession,
} from '@/testing/fixtures';
import { jsonResponse, mockFetch, requestedPaths } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-with-providers';
import type { UserProfile } from '@common/auth-schemas';
import { NO_ACCESS, type SharedAccess } from '@common/team';

/** A shared user with `access`, in the session and in the profile the layout loads again. */
function sharedWith(access: SharedAccess): {
  session: Partial<SessionState>;
  profile: UserProfile;
} {
  return {
    session: sharedUserSession({ sharedUserAccess: access }),
    profile: { ...SHARED_USER_PROFILE, industry: 'Education', shared_access: access },
  };
}

function serveEmptyLists(profile: UserProfile) {
  return mockFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/auth/profile/') return jsonResponse(profile);
    if (pathname.startsWith('/api/verifications/')) {
      return jsonResponse(
        {
          error: { message: "You don't have access to verifications.", code: 'permission_denied' },
        },
        403,
      );
    }
    return jsonResponse({ count: 0, page: 1, page_size: 10, results: [] });
  });
}

describe('landing', () => {
  it('sends a shared user without verifications from / to the first area shared with them', async () => {
    const { session, profile } = sharedWith({
      ...SHARED_ACCESS,
      verifications: 'none',
      templates: 'view',
    });
    const fetchMock = serveEmptyLists(profile);
    const { router } = renderApp({ route: '/', preloadedState: { session } });

    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/templates');
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(
      requestedPaths(fetchMock).filter((path) => path.startsWith('/api/verifications')),
    ).toEqual([]);
    // The area they cannot open is not offered either.
    expect(screen.queryByRole('link', { name: 'Verifications' })).not.toBeInTheDocument();
  });

  it('follows the sidebar order: integrations before templates', async () => {
    const { session, profile } = sharedWith({
      ...NO_ACCESS,
      integrations: 'view',
      templates: 'edit',
    });
    serveEmptyLists(profile);
    const { router } = renderApp({ route: '/signin', preloadedState: { session } });

    await screen.findByRole('heading', { name: 'API keys' });
    expect(router.state.location.pathname).toBe('/integrations');
  });

  it('welcomes a shared user whose owner shared nothing, naming what is shared', async () => {
    const { session, profile } = sharedWith(NO_ACCESS);
    const fetchMock = serveEmptyLists(profile);
    const { router } = renderApp({ route: '/', preloadedState: { session } });

    expect(
      await screen.findByRole('heading', { name: "Welcome to Olivia Owner's account" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(
      screen.getByText(
        'Olivia Owner has not shared any area with you yet, so there is nothing here for you to open. Ask them to give you access.',
      ),
    ).toBeInTheDocument();
    const shared = within(screen.getByRole('list', { name: 'What is shared with you' }));
    expect(shared.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Verifications: not shared',
      'Bulk operations: not shared',
      'Templates: not shared',
      'Integrations: not shared',
      'The custom domain: not shared',
    ]);
    expect(shared.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the scanner' })).toHaveAttribute('href', '/scan');
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(
      requestedPaths(fetchMock).filter((path) => path.startsWith('/api/verifications')),
    ).toEqual([]);
  });

  it('on the welcome, a shared area links to its screen', async () => {
    const { session, profile } = sharedWith({ ...NO_ACCESS, bulk: 'view' });
    serveEmptyLists(profile);
    renderApp({ route: '/welcome', preloadedState: { session } });

    const shared = within(await screen.findByRole('list', { name: 'What is shared with you' }));
    expect(shared.getByRole('link', { name: 'Bulk operations' })).toHaveAttribute(
      'href',
      '/bulk-operations',
    );
    expect(screen.getByText('Here is what Olivia Owner has shared with you:')).toBeInTheDocument();
  });

  it('keeps owners and shared users with verifications on the dashboard', async () => {
    serveEmptyLists(OWNER_PROFILE);
    const { router } = renderApp({
      route: '/welcome',
      preloadedState: { session: signedInSession() },
    });

    await screen.findByRole('heading', { name: 'Verifications' });
    expect(router.state.location.pathname).toBe('/');
  });
});
