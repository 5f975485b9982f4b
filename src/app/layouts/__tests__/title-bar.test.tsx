import { act, screen, waitFor, within } from '@testing-library/react';
import { persistStore } from 'redux-persist';

import { TitleBar } from '@/app/layouts/title-bar';
import { browserLocation } from '@/lib/browser-location';
import { selectIsAuthenticated } from '@/lib/session/session-slice';
import { OWNER_EMAIL, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render-with-providers';

async function renderSignedInAt(route: string, session = signedInSession()) {
  const view = renderApp({ route, preloadedState: { session } });
  await screen.findByRole('banner');
  return view;
}

describe('title bar', () => {
  it.each([
    ['/create', 'Create New Verification', 'Upload and secure a document with a QR verification.'],
    ['/settings/users', 'Settings - Users', 'Users, permissions, roles.'],
    ['/templates/9/edit', 'Edit Template', 'Edit a template.'],
    ['/', 'dashboard', 'Manage and track document verification records.'],
  ])('on %s shows "%s" and its description', async (route, title, description) => {
    await renderSignedInAt(route);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent(description);
  });

  it('says so when a page has no description', () => {
    renderWithProviders(<TitleBar />, { preloadedState: { session: signedInSession() } });

    expect(screen.getByText('No description available')).toBeInTheDocument();
  });

  it("shows the user's email and a Book A Demo link opening in a new tab", async () => {
    await renderSignedInAt('/');

    expect(screen.getByRole('banner')).toHaveTextContent(OWNER_EMAIL);
    const demo = screen.getByRole('link', { name: 'Book A Demo' });
    expect(demo).toHaveAttribute('href', 'https://calendly.com/qr-verify/demo');
    expect(demo).toHaveAttribute('target', '_blank');
  });

  it('offers Add User to owners, leading to the users settings', async () => {
    const { user, router } = await renderSignedInAt('/');

    await user.click(screen.getByRole('link', { name: 'Add User' }));
    expect(router.state.location.pathname).toBe('/settings/users');
  });

  it('hides Add User from shared users', async () => {
    await renderSignedInAt('/', sharedUserSession());

    expect(screen.queryByRole('link', { name: 'Add User' })).not.toBeInTheDocument();
  });

  it('signs out: session and storage cleared, then off to signin', async () => {
    const { user, store } = await renderSignedInAt('/');
    localStorage.setItem('persist:session', '{}');

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(selectIsAuthenticated(store.getState())).toBe(false);
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
    expect(localStorage.length).toBe(0);
  });

  it('signs out with nothing left in storage, even the signed-out state the persistor was about to write', async () => {
    const { user, store } = await renderSignedInAt('/');
    persistStore(store);
    await waitFor(() => expect(localStorage.getItem('persist:session')).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(localStorage.length).toBe(0);
  });
});

describe('title bar on a phone', () => {
  function resizeWindowTo(width: number) {
    act(() => {
      window.innerWidth = width;
      window.dispatchEvent(new Event('resize'));
    });
  }
  beforeEach(() => resizeWindowTo(375));
  afterEach(() => resizeWindowTo(1024));

  async function openActionsMenu(session = signedInSession()) {
    const view = await renderSignedInAt('/create', session);
    await view.user.click(screen.getByRole('button', { name: 'Account and actions' }));
    return { ...view, menu: await screen.findByRole('menu') };
  }

  it('keeps the heading and description, and folds the email and buttons into a menu', async () => {
    await renderSignedInAt('/create');

    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('heading', { level: 1, name: 'Create New Verification' }),
    ).toBeInTheDocument();
    expect(banner).toHaveTextContent('Upload and secure a document with a QR verification.');
    expect(banner).not.toHaveTextContent(OWNER_EMAIL);
    expect(within(banner).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Account and actions' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
  });

  it('shows the email, Book A Demo in a new tab, Add User and Sign Out in the menu', async () => {
    const { menu } = await openActionsMenu();

    expect(menu).toHaveTextContent(OWNER_EMAIL);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([OWNER_EMAIL, 'Book A Demo', 'Add User', 'Sign Out']);
    const demo = within(menu).getByRole('menuitem', { name: 'Book A Demo' });
    expect(demo).toHaveAttribute('href', 'https://calendly.com/qr-verify/demo');
    expect(demo).toHaveAttribute('target', '_blank');
  });

  it('goes to the users settings from Add User, closing the menu', async () => {
    const { user, router, menu } = await openActionsMenu();

    await user.click(within(menu).getByRole('menuitem', { name: 'Add User' }));

    expect(router.state.location.pathname).toBe('/settings/users');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('hides Add User from shared users', async () => {
    const { menu } = await openActionsMenu(sharedUserSession());

    expect(within(menu).queryByRole('menuitem', { name: 'Add User' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('signs out from the menu', async () => {
    const { user, store, menu } = await openActionsMenu();

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    expect(selectIsAuthenticated(store.getState())).toBe(false);
    await waitFor(() => expect(browserLocation.replace).toHaveBeenCalledWith('/signin'));
  });
});
