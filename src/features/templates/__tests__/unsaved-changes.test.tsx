import { screen, waitFor, within } from '@testing-library/react';

import { signedInSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-with-providers';

import { aTemplate, fakeTemplatesServer, installObjectUrls } from './fake-templates-server';

function renderEditor(route = '/templates/create') {
  const server = fakeTemplatesServer([
    aTemplate(),
    aTemplate({ id: 'tpl_2', name: 'Second', is_default: false }),
  ]);
  const view = renderApp({ route, preloadedState: { session: signedInSession() } });
  return { ...server, ...view };
}

beforeEach(() => installObjectUrls());

describe('template editor: unsaved changes', () => {
  it('leaves at once when nothing was changed', async () => {
    const { user, router } = renderEditor();
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before leaving with changes, and stays or leaves as told', async () => {
    const { user, router } = renderEditor('/templates/tpl_2/edit');
    const heading = await screen.findByRole('textbox', { name: 'Heading' });
    await user.type(heading, 'New');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    expect(dialog.getByText(/have not been saved/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/templates/tpl_2/edit');
    expect(heading).toHaveValue('New');

    // The sidebar is a way out too.
    await user.click(screen.getAllByRole('link', { name: /Verifications/ })[0]);
    dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    await user.click(dialog.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks the browser to confirm closing the tab while there are changes', async () => {
    const { user } = renderEditor();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const unchanged = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unchanged);
    expect(unchanged.defaultPrevented).toBe(false);

    await user.type(name, 'X');
    const changed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changed);
    expect(changed.defaultPrevented).toBe(true);
  });

  it('does not ask once the template is saved', async () => {
    const { user, router } = renderEditor();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Saved one');
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});
