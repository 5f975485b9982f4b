import { DEFAULT_TEMPLATE_DESIGN, DEFAULT_TEMPLATE_NAME, TEMPLATE_LIMITS } from '@common/templates';
import type { Template } from '@common/templates-schemas';

import {
  createTemplate,
  defaultTemplate,
  listTemplates,
  templateRequest,
} from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app.close();
});

const { logo_url: _logoUrl, ...DEFAULT_DESIGN_FIELDS } = DEFAULT_TEMPLATE_DESIGN;

const DESIGN = {
  name: 'University diplomas',
  primary_color: '#0B5D1E',
  background_color: '#ffffff',
  text_color: '#111111',
  heading: 'University of Examples',
  intro: 'This page confirms a diploma.\nAsk the registry if in doubt.',
  fields: {
    issuer: { visible: false, label: 'Issuer' },
    holder_name: { visible: true, label: 'Graduate' },
    issue_date: { visible: true, label: 'Awarded on' },
    expiry_date: { visible: false, label: 'Expires' },
    custom_fields: { visible: true, label: '' },
    code: { visible: true, label: 'Code' },
  },
  allow_download: false,
  contact_text: 'Registry office',
  contact_url: 'mailto:registry@example.edu',
  footer_text: 'University of Examples, 1 Main Street',
};

// Credentials are plain VCs unless the template says its documents are achievements (docs/credentials.md).
const NOT_AN_ACHIEVEMENT = {
  is_achievement: false,
  achievement_description: '',
  achievement_criteria: '',
  // Its pages follow the reader's language, else English (docs/languages.md).
  default_language: null,
};

test('every endpoint needs a signed-in user', async () => {
  const id = '00000000-0000-4000-8000-000000000000';
  for (const [method, url] of [
    ['GET', '/api/templates/'],
    ['POST', '/api/templates/'],
    ['GET', `/api/templates/${id}/`],
    ['PATCH', `/api/templates/${id}/`],
    ['DELETE', `/api/templates/${id}/`],
    ['POST', `/api/templates/${id}/default/`],
    ['POST', `/api/templates/${id}/duplicate/`],
  ] as const) {
    const response = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect([method, url, response.statusCode]).toEqual([method, url, 401]);
  }
});

test('an account starts with its default template, in the default design', async () => {
  const user = await signedInUser(app);

  const response = await app.inject({ url: '/api/templates/', headers: user.headers });

  expect(response.statusCode).toBe(200);
  const body = response.json<{ count: number; results: Template[] }>();
  expect(body.count).toBe(1);
  expect(body.results[0]).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: DEFAULT_TEMPLATE_NAME,
    is_default: true,
    ...DEFAULT_DESIGN_FIELDS,
    logo: null,
    verification_count: 0,
    seal_enabled: true,
    ...NOT_AN_ACHIEVEMENT,
    created_by: { email: user.email, name: 'Grace Hopper' },
    created_at: expect.any(String),
    updated_at: expect.any(String),
  });
});

test('creates a template from JSON, reads it back, and lists the default first, then by name', async () => {
  const user = await signedInUser(app);

  const response = await templateRequest(app, user, 'POST', '/api/templates/', DESIGN);

  expect(response.statusCode).toBe(201);
  const created = response.json<Template>();
  expect(created).toEqual({
    id: expect.any(String),
    ...DESIGN,
    primary_color: '#0b5d1e',
    is_default: false,
    logo: null,
    verification_count: 0,
    seal_enabled: true,
    ...NOT_AN_ACHIEVEMENT,
    created_by: { email: user.email, name: 'Grace Hopper' },
    created_at: expect.any(String),
    updated_at: expect.any(String),
  });
  const read = await app.inject({ url: `/api/templates/${created.id}/`, headers: user.headers });
  expect(read.statusCode).toBe(200);
  expect(read.json()).toEqual(created);

  await createTemplate(app, user, { name: 'alumni cards' });
  await createTemplate(app, user, { name: 'Zebra badges' });
  expect((await listTemplates(app, user)).map((template) => template.name)).toEqual([
    'Default',
    'alumni cards',
    'University diplomas',
    'Zebra badges',
  ]);
});

test('a new template takes the default design for everything it does not say', async () => {
  const user = await signedInUser(app);

  const created = await createTemplate(app, user, {
    name: '  Badges  ',
    fields: { holder_name: { label: 'Member' } },
  });

  expect(created).toMatchObject({
    ...DEFAULT_DESIGN_FIELDS,
    name: 'Badges',
    fields: {
      ...DEFAULT_TEMPLATE_DESIGN.fields,
      holder_name: { visible: true, label: 'Member' },
    },
  });
});

test('PATCH changes only what it names, fields merge row by row', async () => {
  const user = await signedInUser(app);
  const created = await createTemplate(app, user, DESIGN);

  const response = await templateRequest(app, user, 'PATCH', `/api/templates/${created.id}/`, {
    heading: 'New heading',
    fields: { code: { visible: false } },
  });

  expect(response.statusCode).toBe(200);
  const updated = response.json<Template>();
  expect(updated).toEqual({
    ...created,
    heading: 'New heading',
    fields: { ...created.fields, code: { visible: false, label: 'Code' } },
    updated_at: expect.any(String),
  });
  expect(updated.updated_at >= created.updated_at).toBe(true);

  const empty = await app.inject({
    method: 'PATCH',
    url: `/api/templates/${created.id}/`,
    headers: user.headers,
  });
  expect(empty.statusCode).toBe(200);
  expect(empty.json()).toMatchObject({ heading: 'New heading' });
});

test('a template keeps a default language for its public pages, one of the twelve or null', async () => {
  const user = await signedInUser(app);

  const created = await templateRequest(app, user, 'POST', '/api/templates/', {
    name: 'Diplômes',
    default_language: 'fr',
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<Template>();
  expect(created.json()).toMatchObject({ default_language: 'fr' });

  const changed = await templateRequest(app, user, 'PATCH', `/api/templates/${id}/`, {
    default_language: 'zh-Hans',
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toMatchObject({ default_language: 'zh-Hans' });
  const duplicated = await templateRequest(
    app,
    user,
    'POST',
    `/api/templates/${id}/duplicate/`,
    {},
  );
  expect(duplicated.json()).toMatchObject({ default_language: 'zh-Hans' });

  const cleared = await templateRequest(app, user, 'PATCH', `/api/templates/${id}/`, {
    default_language: null,
  });
  expect(cleared.json()).toMatchObject({ default_language: null });

  for (const language of ['klingon', 'FR', 'pt-BR', 7]) {
    const refused = await templateRequest(app, user, 'PATCH', `/api/templates/${id}/`, {
      default_language: language,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual({
      default_language: [
        'Choose one of en, fr, de, es, it, pt, nl, pl, tr, ar, zh-Hans, ja, or null for none.',
      ],
    });
  }
});

test('validation errors name each field, nested ones by their dotted path', async () => {
  const user = await signedInUser(app);

  const response = await templateRequest(app, user, 'POST', '/api/templates/', {
    name: '   ',
    primary_color: 'red',
    background_color: '#fff',
    text_color: '#12345g',
    heading: 'h'.repeat(TEMPLATE_LIMITS.heading + 1),
    intro: 'Line one\u0000',
    fields: { holder_name: { visible: 'yes', label: 'l'.repeat(TEMPLATE_LIMITS.label + 1) } },
    allow_download: 'true',
    contact_text: 'Call\nus',
    contact_url: 'javascript:alert(1)',
    footer_text: 'f'.repeat(TEMPLATE_LIMITS.footer_text + 1),
    logo: 'logo.png',
  });

  expect(response.statusCode).toBe(400);
  const { error } = response.json();
  expect(error.code).toBe('validation_failed');
  expect(Object.keys(error.details).sort()).toEqual(
    [
      'name',
      'primary_color',
      'background_color',
      'text_color',
      'heading',
      'intro',
      'fields.holder_name.visible',
      'fields.holder_name.label',
      'allow_download',
      'contact_text',
      'contact_url',
      'footer_text',
      'logo',
    ].sort(),
  );
  expect(error.details.name).toEqual(['This field may not be blank.']);
  expect(error.details.contact_url).toEqual([
    'Enter a link starting with https://, http:// or mailto:',
  ]);
  expect(error.details['fields.holder_name.label']).toEqual([
    `Must be at most ${TEMPLATE_LIMITS.label} characters.`,
  ]);

  const missingName = await templateRequest(app, user, 'POST', '/api/templates/', {});
  expect(missingName.statusCode).toBe(400);
  expect(missingName.json().error.details).toEqual({ name: ['This field is required.'] });

  const notAnObject = await app.inject({
    method: 'POST',
    url: '/api/templates/',
    headers: user.headers,
    payload: [1, 2],
  });
  expect(notAnObject.statusCode).toBe(400);
  expect(await listTemplates(app, user)).toHaveLength(1);
});

test('a row shown on the page needs a label; a hidden one and custom fields do not', async () => {
  const user = await signedInUser(app);
  const created = await createTemplate(app, user, {
    fields: { expiry_date: { visible: false, label: '' }, custom_fields: { label: '' } },
  });

  const response = await templateRequest(app, user, 'PATCH', `/api/templates/${created.id}/`, {
    fields: { expiry_date: { visible: true }, issuer: { label: '  ' } },
  });

  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual({
    'fields.issuer.label': ['A row shown on the page needs a label.'],
    'fields.expiry_date.label': ['A row shown on the page needs a label.'],
  });
});

test('contact links may be https, http or mailto; colours are stored in lower case', async () => {
  const user = await signedInUser(app);
  for (const url of ['https://example.com/help', 'http://example.com', 'mailto:a@b.c', '']) {
    const created = await createTemplate(app, user, { contact_url: url, primary_color: '#ABCDEF' });
    expect([created.contact_url, created.primary_color]).toEqual([url, '#abcdef']);
  }
  for (const url of ['JavaScript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x.y']) {
    const response = await templateRequest(app, user, 'POST', '/api/templates/', {
      name: 'Bad link',
      contact_url: url,
    });
    expect([url, response.statusCode]).toEqual([url, 400]);
  }
});

test("another account's template, like a malformed id, is a 404 on every call", async () => {
  const owner = await signedInUser(app);
  const other = await signedInUser(app);
  const template = await createTemplate(app, owner, DESIGN);
  const otherTemplate = await createTemplate(app, other);

  for (const id of [template.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
    const calls = [
      app.inject({ url: `/api/templates/${id}/`, headers: other.headers }),
      templateRequest(app, other, 'PATCH', `/api/templates/${id}/`, { name: 'Mine now' }),
      app.inject({ method: 'DELETE', url: `/api/templates/${id}/`, headers: other.headers }),
      app.inject({ method: 'POST', url: `/api/templates/${id}/default/`, headers: other.headers }),
      app.inject({
        method: 'POST',
        url: `/api/templates/${id}/duplicate/`,
        headers: other.headers,
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: 'Template not found.' });
    }
  }
  // Nor can it be used as a replacement or for a verification.
  const replaced = await app.inject({
    method: 'DELETE',
    url: `/api/templates/${otherTemplate.id}/?replacement_id=${template.id}`,
    headers: other.headers,
  });
  expect(replaced.statusCode).toBe(400);
  expect((await listTemplates(app, other)).map((t) => t.name)).toEqual(['Default', 'Diplomas']);
  expect((await listTemplates(app, owner)).find((t) => t.id === template.id)).toEqual(template);
});

test('duplicate copies the design under a new name, never as the default', async () => {
  const user = await signedInUser(app);
  const fallback = await defaultTemplate(app, user);
  const long = await createTemplate(app, user, {
    ...DESIGN,
    name: 'N'.repeat(TEMPLATE_LIMITS.name),
  });

  const response = await app.inject({
    method: 'POST',
    url: `/api/templates/${fallback.id}/duplicate/`,
    headers: user.headers,
  });
  const longCopy = await app.inject({
    method: 'POST',
    url: `/api/templates/${long.id}/duplicate/`,
    headers: user.headers,
  });

  expect(response.statusCode).toBe(201);
  const copy = response.json<Template>();
  expect(copy).toMatchObject({
    ...DEFAULT_DESIGN_FIELDS,
    name: 'Copy of Default',
    is_default: false,
  });
  expect(copy.id).not.toBe(fallback.id);
  expect(longCopy.json()).toMatchObject({
    ...DESIGN,
    primary_color: '#0b5d1e',
    name: `Copy of ${'N'.repeat(72)}`,
  });
  expect(longCopy.json().name).toHaveLength(TEMPLATE_LIMITS.name);
  expect((await defaultTemplate(app, user)).id).toBe(fallback.id);
});

test('verification_count counts the verifications using each template', async () => {
  const user = await signedInUser(app);
  const template = await createTemplate(app, user);
  await createVerification(app, user, { template_id: template.id });
  await createVerification(app, user, { template_id: template.id });
  await createVerification(app, user);

  const counts = Object.fromEntries(
    (await listTemplates(app, user)).map((t) => [t.name, t.verification_count]),
  );

  expect(counts).toEqual({ Default: 1, Diplomas: 2 });
});
