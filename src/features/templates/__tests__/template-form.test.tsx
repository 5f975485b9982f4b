import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { signedInSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TEMPLATE_LIMITS } from '@common/templates';

import { CreateTemplateScreen } from '../components/create-template-screen';
import { EditTemplateScreen } from '../components/edit-template-screen';

import {
  aTemplate,
  captureNotifications,
  fakeTemplatesServer,
  installNodeFormData,
  installObjectUrls,
  jsonResponse,
  logoFile,
  type Override,
} from './fake-templates-server';

import type { Template } from '../api/templates-api';

const defaultTemplate = aTemplate();

function render(route: string, templates: Template[] = [defaultTemplate], override?: Override) {
  const server = fakeTemplatesServer(templates, override);
  const isEdit = route.endsWith('/edit');
  const view = renderWithProviders(isEdit ? <EditTemplateScreen /> : <CreateTemplateScreen />, {
    route,
    path: isEdit ? '/templates/:templateId/edit' : '/templates/create',
    preloadedState: { session: signedInSession() },
  });
  return { ...server, ...view };
}

async function renderCreate(override?: Override) {
  const view = render('/templates/create', [defaultTemplate], override);
  const form = await screen.findByRole('form', { name: 'Create template' });
  return { ...view, form, save: within(form).getByRole('button', { name: 'Create template' }) };
}

/** Replaces a field's text at once (typing each key is slow and adds nothing here). */
async function fill(user: ReturnType<typeof render>['user'], name: string, text: string) {
  const field = screen.getByRole('textbox', { name });
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
  return field;
}

function chooseLogo(file: File) {
  // fireEvent rather than user.upload, which would drop files the input does not accept.
  fireEvent.change(screen.getByLabelText('Logo file'), { target: { files: [file] } });
}

let restoreFormData: () => void;
let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  restoreFormData = installNodeFormData();
  objectUrls = installObjectUrls();
});

afterEach(() => restoreFormData());

describe('template form: rules', () => {
  it('asks for a name and keeps Save disabled until there is one', async () => {
    const { user, save } = await renderCreate();
    const name = screen.getByRole('textbox', { name: 'Name' });

    expect(save).toBeDisabled();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await user.type(name, 'Graduation');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('explains a colour that is not #rrggbb, a bad contact link and a missing row label', async () => {
    const { user } = await renderCreate();

    await fill(user, 'Primary colour', '#12345');
    await user.tab();
    expect(
      await screen.findByText('Enter a colour as # and six hex digits, e.g. #173f8a'),
    ).toBeInTheDocument();

    await fill(user, 'Contact link', 'javascript:alert(1)');
    await user.tab();
    expect(
      screen.getByText('Enter a link starting with https://, http:// or mailto:'),
    ).toBeInTheDocument();

    const holderLabel = screen.getByRole('textbox', { name: 'Holder name label' });
    await user.clear(holderLabel);
    await user.tab();
    expect(screen.getByText('Give the holder name row a label')).toBeInTheDocument();
    // A hidden row needs no label.
    await user.click(screen.getByRole('switch', { name: 'Holder name' }));
    expect(screen.queryByText('Give the holder name row a label')).not.toBeInTheDocument();
    expect(holderLabel).toBeDisabled();
  });

  it('stops at the length limits', async () => {
    await renderCreate();
    expect(screen.getByRole('textbox', { name: 'Heading' })).toHaveAttribute(
      'maxlength',
      String(TEMPLATE_LIMITS.heading),
    );
    expect(screen.getByRole('textbox', { name: 'Footer text' })).toHaveAttribute(
      'maxlength',
      String(TEMPLATE_LIMITS.footer_text),
    );
  });

  it('warns, without blocking, when the text colour is hard to read (#cccccc on white)', async () => {
    const { user, save } = await renderCreate();
    await fill(user, 'Name', 'Pale');
    expect(screen.queryByText(/contrast below WCAG AA/)).not.toBeInTheDocument();

    await fill(user, 'Background colour', '#ffffff');
    await fill(user, 'Text colour', '#cccccc');

    const warning = await screen.findByText(/The text colour is hard to read/);
    expect(warning.closest('[role="status"]')).toHaveTextContent('You can still save it.');
    expect(save).toBeEnabled();

    await fill(user, 'Text colour', '#222222');
    expect(screen.queryByText(/The text colour is hard to read/)).not.toBeInTheDocument();
  });

  it('warns when the primary colour is too light for white button text', async () => {
    await renderCreate();
    fireEvent.change(screen.getByLabelText('Choose primary colour'), {
      target: { value: '#ffee00' },
    });
    expect(screen.getByRole('textbox', { name: 'Primary colour' })).toHaveValue('#ffee00');
    expect(await screen.findByText(/The primary colour is too light/)).toBeInTheDocument();
  });
});

describe('template form: logo', () => {
  it('turns away a file of the wrong type or too large, and takes a PNG', async () => {
    const { user } = await renderCreate();

    chooseLogo(logoFile('logo.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a PNG, JPEG or SVG image for the logo.',
    );
    expect(screen.getByText('No logo')).toBeInTheDocument();

    chooseLogo(logoFile('huge.png', 'image/png', TEMPLATE_LIMITS.logo_size + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo must be at most 512 KB.');
    expect(screen.getByText('No logo')).toBeInTheDocument();

    chooseLogo(logoFile('crest.png'));
    expect(await screen.findByRole('img', { name: 'The logo' })).toHaveAttribute(
      'src',
      'blob:http://localhost/logo-1',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/crest\.png/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('No logo')).toBeInTheDocument();
    expect(objectUrls.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/logo-1');
  });

  it('takes an SVG whose type the system left empty, by its extension', async () => {
    await renderCreate();
    chooseLogo(logoFile('mark.svg', ''));
    expect(await screen.findByRole('img', { name: 'The logo' })).toBeInTheDocument();
  });
});

describe('template form: saving', () => {
  it('creates the template with its logo as multipart, then returns to the grid', async () => {
    const { user, save, calls, router } = await renderCreate();
    const notifications = captureNotifications();

    await fill(user, 'Name', '  Graduation 2026 ');
    await fill(user, 'Heading', 'Northfield University');
    await fill(user, 'Primary colour', '#7A1F2B');
    await user.click(screen.getByRole('switch', { name: 'Verification code' }));
    chooseLogo(logoFile('crest.png'));
    await screen.findByRole('img', { name: 'The logo' });
    await user.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    const [sent] = calls('POST', '/api/templates/');
    expect(sent.contentType).toMatch(/^multipart\/form-data/);
    expect(sent.logo?.name).toBe('crest.png');
    expect(sent.body).toMatchObject({
      name: 'Graduation 2026',
      heading: 'Northfield University',
      primary_color: '#7a1f2b',
      background_color: '#f4f6f9',
      fields: { code: { visible: false, label: 'Verification code' } },
      allow_download: true,
      seal_enabled: true,
    });
    expect(sent.body).not.toHaveProperty('logo');
    expect(notifications).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'success', summary: 'Template created' }),
    );
  });

  it('sends JSON when there is no logo file', async () => {
    const { user, save, calls } = await renderCreate();
    await fill(user, 'Name', 'Plain');
    await user.click(save);
    await waitFor(() => expect(calls('POST', '/api/templates/')).toHaveLength(1));
    expect(calls('POST', '/api/templates/')[0].contentType).toMatch(/json/);
  });

  it("shows the server's field errors beside their fields and the rest in an alert", async () => {
    const { user, save, router } = await renderCreate((sent) =>
      sent.method === 'POST'
        ? jsonResponse(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields need attention.',
                details: {
                  name: ['You already have a template with this name.'],
                  'fields.holder_name.label': ['Use at most 40 characters.'],
                  logo: ['This file is not a PNG, JPEG or SVG image.'],
                  footer: ['Unknown field.'],
                },
              },
            },
            400,
          )
        : undefined,
    );
    captureNotifications();

    await fill(user, 'Name', 'Default');
    chooseLogo(logoFile('fake.png'));
    await user.click(save);

    expect(
      await screen.findByText('You already have a template with this name.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Holder name label' })).toHaveAccessibleDescription(
      'Use at most 40 characters.',
    );
    expect(screen.getByText('This file is not a PNG, JPEG or SVG image.')).toBeInTheDocument();
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.textContent?.includes('Some fields need attention.'));
    expect(alert).toHaveTextContent('footer: Unknown field.');
    expect(router.state.location.pathname).toBe('/templates/create');
  });
});

describe('template form: sealed QR codes', () => {
  it('seals by default, says what it costs, and sends the choice', async () => {
    const { user, save, calls } = await renderCreate();
    const seal = screen.getByRole('switch', { name: 'Seal QR codes' });

    expect(seal).toBeChecked();
    expect(
      screen.getByText(
        'Adds a signature our scanner checks offline. Makes the code larger: at least 34 mm.',
      ),
    ).toBeInTheDocument();
    await fill(user, 'Name', 'Smallest codes');
    await user.click(seal);
    await user.click(save);

    await waitFor(() => expect(calls('POST', '/api/templates/')).toHaveLength(1));
    expect(calls('POST', '/api/templates/')[0].body).toMatchObject({ seal_enabled: false });
  });

  it('shows a template with sealing off as off, and turns it back on', async () => {
    const unsealed = aTemplate({
      id: 'tpl_small',
      name: 'Small',
      is_default: false,
      seal_enabled: false,
    });
    const { user, calls } = render('/templates/tpl_small/edit', [defaultTemplate, unsealed]);
    const form = await screen.findByRole('form', { name: 'Edit template' });
    const seal = screen.getByRole('switch', { name: 'Seal QR codes' });

    expect(seal).not.toBeChecked();
    await user.click(seal);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls('PATCH', '/api/templates/tpl_small/')).toHaveLength(1));
    expect(calls('PATCH', '/api/templates/tpl_small/')[0].body).toMatchObject({
      seal_enabled: true,
    });
  });
});

describe('template form: default language of the public page', () => {
  it('offers the twelve languages by their own names, English first, and sends the choice', async () => {
    const { user, save, calls } = await renderCreate();
    const select = screen.getByRole('combobox', { name: 'Default language of the public page' });

    expect(select).toHaveTextContent('English');
    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      'Français',
      'Deutsch',
      'Español',
      'Italiano',
      'Português',
      'Nederlands',
      'Polski',
      'Türkçe',
      'العربية',
      '简体中文',
      '日本語',
    ]);
    expect(options[9]).toHaveAttribute('lang', 'ar');
    await user.click(screen.getByRole('option', { name: 'Polski' }));
    expect(select).toHaveTextContent('Polski');
    await fill(user, 'Name', 'Dyplomy');
    await user.click(save);

    await waitFor(() => expect(calls('POST', '/api/templates/')).toHaveLength(1));
    expect(calls('POST', '/api/templates/')[0].body).toMatchObject({ default_language: 'pl' });
  });

  it("shows a template's saved language, and English goes back as none (null)", async () => {
    const french = aTemplate({
      id: 'tpl_fr',
      name: 'Diplômes',
      is_default: false,
      default_language: 'fr',
    });
    const { user, calls } = render('/templates/tpl_fr/edit', [defaultTemplate, french]);
    const form = await screen.findByRole('form', { name: 'Edit template' });
    const select = screen.getByRole('combobox', { name: 'Default language of the public page' });

    expect(select).toHaveTextContent('Français');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'English' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls('PATCH', '/api/templates/tpl_fr/')).toHaveLength(1));
    expect(calls('PATCH', '/api/templates/tpl_fr/')[0].body).toMatchObject({
      default_language: null,
    });
  });
});

describe('template form: digital credential', () => {
  it('asks for the achievement only once the template issues Open Badges, and sends it', async () => {
    const { user, save, calls } = await renderCreate();
    const badge = screen.getByRole('switch', { name: 'Issue as an Open Badge' });

    expect(badge).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Criteria' })).not.toBeInTheDocument();
    await user.click(badge);
    await fill(user, 'Description', '  Completed the 120-hour course in structural design.  ');
    await fill(user, 'Criteria', 'Passed the final examination.');
    await fill(user, 'Name', 'Course certificates');
    await user.click(save);

    await waitFor(() => expect(calls('POST', '/api/templates/')).toHaveLength(1));
    expect(calls('POST', '/api/templates/')[0].body).toMatchObject({
      is_achievement: true,
      achievement_description: 'Completed the 120-hour course in structural design.',
      achievement_criteria: 'Passed the final examination.',
    });
  });

  it("shows a template's saved achievement, and turning it off sends false", async () => {
    const course = aTemplate({
      id: 'tpl_course',
      name: 'Courses',
      is_default: false,
      is_achievement: true,
      achievement_description: 'Finished the course.',
      achievement_criteria: 'Attended every session.',
    });
    const { user, calls } = render('/templates/tpl_course/edit', [defaultTemplate, course]);
    const form = await screen.findByRole('form', { name: 'Edit template' });

    expect(screen.getByRole('switch', { name: 'Issue as an Open Badge' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Finished the course.',
    );
    expect(screen.getByRole('textbox', { name: 'Criteria' })).toHaveValue(
      'Attended every session.',
    );
    await user.click(screen.getByRole('switch', { name: 'Issue as an Open Badge' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls('PATCH', '/api/templates/tpl_course/')).toHaveLength(1));
    expect(calls('PATCH', '/api/templates/tpl_course/')[0].body).toMatchObject({
      is_achievement: false,
    });
  });
});

describe('template form: editing', () => {
  const branded = aTemplate({
    id: 'tpl_brand',
    name: 'Northfield',
    is_default: false,
    heading: 'Northfield University',
    logo: { url: '/v/logos/tpl_brand/0123456789abcdef.png', content_type: 'image/png', size: 2048 },
    verification_count: 3,
  });

  it('starts from the saved template and removes the logo with logo: null', async () => {
    const { user, calls, router } = render('/templates/tpl_brand/edit', [defaultTemplate, branded]);
    const form = await screen.findByRole('form', { name: 'Edit template' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Northfield');
    expect(screen.getByRole('img', { name: 'The logo' })).toHaveAttribute(
      'src',
      '/v/logos/tpl_brand/0123456789abcdef.png',
    );

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    const [sent] = calls('PATCH', '/api/templates/tpl_brand/');
    expect(sent.contentType).toMatch(/json/);
    expect(sent.body).toMatchObject({ name: 'Northfield', logo: null });
  });

  it('leaves a kept logo out of the body', async () => {
    const { user, calls } = render('/templates/tpl_brand/edit', [defaultTemplate, branded]);
    const form = await screen.findByRole('form', { name: 'Edit template' });
    await fill(user, 'Intro message', 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls('PATCH', '/api/templates/tpl_brand/')).toHaveLength(1));
    expect(calls('PATCH', '/api/templates/tpl_brand/')[0].body).not.toHaveProperty('logo');
  });

  it('says so when the template does not exist', async () => {
    render('/templates/tpl_gone/edit');
    expect(
      await screen.findByRole('heading', { name: 'This template does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Templates' })).toHaveAttribute(
      'href',
      '/templates',
    );
  });
});
