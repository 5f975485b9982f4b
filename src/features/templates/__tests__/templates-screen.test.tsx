import { screen, waitFor, within } from '@testing-library/react';

import { SHARED_ACCESS, sharedUserSession, signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

import { TemplatesScreen } from '../components/templates-screen';

import {
  aTemplate,
  captureNotifications,
  fakeTemplatesServer,
  jsonResponse,
  type Override,
} from './fake-templates-server';

import type { Template } from '../api/templates-api';

const standard = aTemplate({ verification_count: 12 });
const graduation = aTemplate({
  id: 'tpl_grad',
  name: 'Graduation',
  is_default: false,
  heading: 'Northfield University',
  primary_color: '#7a1f2b',
  verification_count: 3,
});
const training = aTemplate({
  id: 'tpl_train',
  name: 'Training',
  is_default: false,
  verification_count: 0,
});

function render(
  templates: Template[] = [standard, graduation, training],
  override?: Override,
  session = signedInSession(),
) {
  const server = fakeTemplatesServer(templates, override);
  const view = renderWithProviders(<TemplatesScreen />, {
    route: '/templates',
    path: '/templates',
    preloadedState: { session },
  });
  return { ...server, ...view };
}

async function card(name: string) {
  return within(await screen.findByRole('article', { name }));
}

/**
 * A dialog by its title. `hidden: true` skips the per-element style checks that make role queries
 * slow on a page full of cards; the dialog is a modal on top, so nothing hides it anyway.
 */
async function findDialog(name: string) {
  return within(await screen.findByRole('dialog', { name, hidden: true }));
}

async function chooseAction(user: ReturnType<typeof render>['user'], name: string, action: string) {
  await user.click((await card(name)).getByRole('button', { name: `More actions for ${name}` }));
  const menu = within(await screen.findByRole('menu', { hidden: true }));
  await user.click(menu.getByRole('menuitem', { name: action }));
}

describe('templates grid', () => {
  it('shows each template with a picture of its page, its badge and how many use it', async () => {
    render();

    const cards = await screen.findAllByRole('article');
    expect(
      cards.map(
        (element) =>
          element.getAttribute('aria-labelledby') && element.querySelector('h3')?.textContent,
      ),
    ).toEqual(['Default', 'Graduation', 'Training']);
    const first = await card('Default');
    expect(first.getByText('Default', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(first.getByText('Used by 12 verifications')).toBeInTheDocument();

    const grad = await card('Graduation');
    expect(grad.queryByText('Default', { selector: '.MuiChip-label' })).not.toBeInTheDocument();
    expect(grad.getByText('Used by 3 verifications')).toBeInTheDocument();
    expect(
      (await card('Training')).getByText('Not used by any verification yet'),
    ).toBeInTheDocument();

    // The thumbnail is the page itself, for looking at only.
    const thumbnail = screen.getAllByRole('article')[1].querySelector('iframe')!;
    expect(thumbnail).toHaveAttribute('aria-hidden', 'true');
    expect(thumbnail).toHaveAttribute('tabindex', '-1');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail.getAttribute('srcdoc')).toContain('Northfield University');
    expect(thumbnail.getAttribute('srcdoc')).toContain('--brand: #7a1f2b;');

    expect(grad.getByRole('link', { name: 'Edit Graduation' })).toHaveAttribute(
      'href',
      '/templates/tpl_grad/edit',
    );
    expect(screen.getByRole('link', { name: 'Create Template' })).toHaveAttribute(
      'href',
      '/templates/create',
    );
  });

  it('makes another template the default', async () => {
    const { user, calls } = render();
    const notifications = captureNotifications();

    await chooseAction(user, 'Graduation', 'Make default');

    await waitFor(() =>
      expect(
        screen.getAllByRole('article').map((element) => element.querySelector('h3')?.textContent),
      ).toEqual(['Graduation', 'Default', 'Training']),
    );
    expect(calls('POST', '/api/templates/tpl_grad/default/')).toHaveLength(1);
    expect(
      (await card('Graduation')).getByText('Default', { selector: '.MuiChip-label' }),
    ).toBeInTheDocument();
    expect(notifications).toHaveBeenCalledWith(
      expect.objectContaining({ summary: 'Default template changed' }),
    );
    // The default has nothing to be made default again.
    await user.click(
      (await card('Graduation')).getByRole('button', { name: 'More actions for Graduation' }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Make default' })).not.toBeInTheDocument();
  });

  it('duplicates a template', async () => {
    const { user, calls } = render();
    await chooseAction(user, 'Training', 'Duplicate');
    expect(await screen.findByRole('article', { name: 'Copy of Training' })).toBeInTheDocument();
    expect(calls('POST', '/api/templates/tpl_train/duplicate/')).toHaveLength(1);
  });

  it('deletes a template nothing uses after a plain confirmation', async () => {
    const { user, calls } = render();
    await chooseAction(user, 'Training', 'Delete');

    const dialog = await findDialog('Delete this template?');
    expect(dialog.getByText(/No verification uses it/)).toBeInTheDocument();
    expect(dialog.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Training' })).not.toBeInTheDocument(),
    );
    expect(calls('DELETE', '/api/templates/tpl_train/')[0].query).toEqual({});
  });

  it('moves the verifications of a template in use to the chosen replacement', async () => {
    const { user, calls } = render();
    const notifications = captureNotifications();
    await chooseAction(user, 'Graduation', 'Delete');

    const dialog = await findDialog('Delete this template?');
    expect(dialog.getByText(/is used by 3 verifications/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Move and delete' }));
    expect(dialog.getByText('Choose a template for its verifications')).toBeInTheDocument();
    expect(calls('DELETE', '/api/templates/tpl_grad/')).toHaveLength(0);

    await user.click(dialog.getByRole('combobox', { name: /Move its verifications to/ }));
    const listbox = within(await screen.findByRole('listbox', { hidden: true }));
    const options = listbox.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Default (default)', 'Training']);
    await user.click(listbox.getByRole('option', { name: 'Training' }));
    await user.click(dialog.getByRole('button', { name: 'Move and delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Graduation' })).not.toBeInTheDocument(),
    );
    expect(calls('DELETE', '/api/templates/tpl_grad/')[0].query).toEqual({
      replacement_id: 'tpl_train',
    });
    expect((await card('Training')).getByText('Used by 3 verifications')).toBeInTheDocument();
    expect(notifications).toHaveBeenCalledWith(
      expect.objectContaining({
        summary: 'Template deleted',
        detail: '“Graduation” is gone; its verifications now use “Training”.',
      }),
    );
  });

  it('asks for a replacement when the server finds the template in use after all', async () => {
    const { user } = render([standard, graduation, training], (sent) =>
      sent.method === 'DELETE' && !sent.query.replacement_id
        ? jsonResponse(
            {
              error: {
                code: 'template_in_use',
                message:
                  'This template is used by 1 verifications. Choose a template to move them to.',
              },
            },
            409,
          )
        : undefined,
    );
    await chooseAction(user, 'Training', 'Delete');
    const dialog = await findDialog('Delete this template?');
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await dialog.findByText(/Choose a template to move them to/)).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: /Move its verifications to/ })).toBeInTheDocument();
  });

  it('explains why the default template cannot be deleted', async () => {
    const { user, calls } = render();
    await chooseAction(user, 'Default', 'Delete');

    const dialog = await findDialog('The default template cannot be deleted');
    expect(dialog.getByText(/first make another template the default/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(calls('DELETE', '/api/templates/tpl_default/')).toHaveLength(0);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let isDown = true;
    const { user } = render([standard], (sent) =>
      isDown && sent.path === '/api/templates/'
        ? jsonResponse({ error: { message: 'Down' } }, 503)
        : undefined,
    );
    captureNotifications();
    expect(
      await screen.findByRole('heading', { name: 'Templates could not be loaded' }),
    ).toBeInTheDocument();

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Default' })).toBeInTheDocument();
  });
});

describe('templates: what a shared user may do', () => {
  // The fixture's shared user may only view templates.
  it('shows a user who may only view the grid without create, edit or other actions', async () => {
    render(undefined, undefined, sharedUserSession());

    const grad = await card('Graduation');
    expect(grad.getByText('Used by 3 verifications')).toBeInTheDocument();
    expect(grad.queryByRole('link', { name: 'Edit Graduation' })).not.toBeInTheDocument();
    expect(
      grad.queryByRole('button', { name: 'More actions for Graduation' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Template' })).not.toBeInTheDocument();
  });

  it('does not invite a user who may only view to create the first template', async () => {
    render([], undefined, sharedUserSession());

    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing has been created yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Template' })).not.toBeInTheDocument();
  });

  it('gives a user who may edit templates the owner’s actions', async () => {
    const session = sharedUserSession({
      sharedUserAccess: { ...SHARED_ACCESS, templates: 'edit' },
    });
    render(undefined, undefined, session);

    const grad = await card('Graduation');
    expect(grad.getByRole('link', { name: 'Edit Graduation' })).toBeInTheDocument();
    expect(grad.getByRole('button', { name: 'More actions for Graduation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Template' })).toBeInTheDocument();
  });
});
