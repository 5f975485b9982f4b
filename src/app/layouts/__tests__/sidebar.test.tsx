import { act, screen, waitFor, within } from '@testing-library/react';

import { sharedUserSession, signedInSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-with-providers';

function resizeWindowTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

async function renderSignedInAt(route: string) {
  const view = renderApp({ route, preloadedState: { session: signedInSession() } });
  await screen.findByRole('navigation', { name: 'Main' });
  return view;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

afterEach(() => resizeWindowTo(1024));

describe('sidebar collapse', () => {
  it('starts expanded with labels on a wide window', async () => {
    resizeWindowTo(1280);
    await renderSignedInAt('/');

    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(mainNav()).getByText('Verifications')).toBeVisible();
  });

  it('starts collapsed under 768 px, with items still named for assistive technology', async () => {
    resizeWindowTo(767);
    await renderSignedInAt('/');

    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(mainNav()).queryByText('Verifications')).not.toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Verifications' })).toBeInTheDocument();
  });

  it('follows the window across 768 px', async () => {
    resizeWindowTo(1024);
    await renderSignedInAt('/');

    resizeWindowTo(700);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();

    resizeWindowTo(768);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('collapses and expands on demand', async () => {
    resizeWindowTo(1024);
    const { user } = await renderSignedInAt('/');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });
});

describe('sidebar items', () => {
  it('lists the main and bottom items in order, linking to their routes', async () => {
    await renderSignedInAt('/');

    const links = (name: string) =>
      within(screen.getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links('Main')).toEqual([
      ['Verifications', '/'],
      ['Integrations', '/integrations'],
      ['Bulk Operations', '/bulk-operations'],
      ['Templates', '/templates'],
      ['Settings', '/settings'],
      ['Scanner', '/scan'],
    ]);
    expect(links('Help and account')).toEqual([
      ['Support', '/support'],
      ['Subscription', '/subscription'],
      ['Account', '/account'],
    ]);
  });

  it.each(['/settings', '/settings/users', '/custom-domain'])(
    'highlights Settings on %s',
    async (route) => {
      await renderSignedInAt(route);

      expect(within(mainNav()).getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(mainNav()).getByRole('link', { name: 'Verifications' })).not.toHaveAttribute(
        'aria-current',
      );
    },
  );

  it('highlights Verifications while creating one', async () => {
    await renderSignedInAt('/create');

    expect(within(mainNav()).getByRole('link', { name: 'Verifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('links to the terms of service and the privacy policy', async () => {
    await renderSignedInAt('/');

    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});

describe('sidebar for a shared user', () => {
  it('hides the items of areas the owner gave no access to and keeps the rest', async () => {
    resizeWindowTo(1280);
    renderApp({ route: '/', preloadedState: { session: sharedUserSession() } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    // SHARED_ACCESS: verifications edit, templates view, bulk, integrations and custom domain none.
    expect(within(nav).getByRole('link', { name: 'Verifications' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Templates' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Bulk Operations' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows an owner every item', async () => {
    resizeWindowTo(1280);
    await renderSignedInAt('/');
    for (const name of [
      'Verifications',
      'Integrations',
      'Bulk Operations',
      'Templates',
      'Settings',
    ]) {
      expect(within(mainNav()).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});

describe('sidebar on a phone', () => {
  beforeEach(() => resizeWindowTo(375));

  async function renderOnPhoneAt(route: string) {
    const view = renderApp({ route, preloadedState: { session: signedInSession() } });
    await screen.findByRole('button', { name: 'Open navigation' });
    return view;
  }

  it('leaves the page the whole width until the title bar’s menu button opens it', async () => {
    const { user } = await renderOnPhoneAt('/');

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sidebar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));

    // A drawer over the page, with every item named in words.
    const drawer = await screen.findByRole('presentation');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Verifications')).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Verifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(drawer).getByRole('link', { name: 'Account' })).toBeInTheDocument();
  });

  it('closes when a link is followed', async () => {
    const { user, router } = await renderOnPhoneAt('/');

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Templates',
      }),
    );

    expect(router.state.location.pathname).toBe('/templates');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument(),
    );
  });

  it('closes with its close button and on Escape, giving the page back', async () => {
    const { user } = await renderOnPhoneAt('/');

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(await screen.findByRole('button', { name: 'Close navigation' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await screen.findByRole('navigation', { name: 'Main' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument(),
    );
  });

  it('becomes the rail again when the window widens past a phone’s', async () => {
    await renderOnPhoneAt('/');

    resizeWindowTo(700);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});
