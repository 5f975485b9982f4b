// The public page in its template's design: what the template changes, that its text can never become markup,
// and that the page follows every change to the template at once.
import { JSDOM } from 'jsdom';

import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';
import type { Template } from '@common/templates-schemas';
import { DOCUMENT_CA_PATH } from '@common/verifications';

import { createTemplate, defaultTemplate, templateRequest } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { makePng } from '../../helpers/test-documents';
import { createVerification, signedInUser, type TestUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let user: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  user = await signedInUser(app, { firstName: 'University', lastName: 'of Examples' });
});

afterEach(async () => {
  await app.close();
});

async function page(code: string) {
  const response = await app.inject({ url: `/v/${code}` });
  const document = new JSDOM(response.body).window.document;
  const labels = [...document.querySelectorAll('dt')].map((dt) => dt.textContent?.trim());
  const style = document.querySelector('style')?.textContent ?? '';
  return {
    response,
    document,
    labels,
    brand: /--brand: (#[0-9a-f]{6})/.exec(style)?.[1],
    page: /--page: (#[0-9a-f]{6})/.exec(style)?.[1],
    ink: /--ink: (#[0-9a-f]{6})/.exec(style)?.[1],
    heading: document.querySelector('header span')?.textContent?.trim(),
    logo: document.querySelector('header img')?.getAttribute('src') ?? null,
    download: document.querySelector('a[download]')?.getAttribute('href') ?? null,
  };
}

const BRANDED = {
  name: 'Diplomas',
  primary_color: '#0b5d1e',
  background_color: '#fdfcf7',
  text_color: '#1a1a1a',
  heading: 'Registry of the University',
  intro: 'This page confirms a diploma we issued.',
  fields: {
    issuer: { visible: false, label: 'Issuer' },
    holder_name: { visible: true, label: 'Graduate' },
    issue_date: { visible: true, label: 'Awarded on' },
    expiry_date: { visible: false, label: 'Expires' },
    custom_fields: { visible: true, label: '' },
    code: { visible: true, label: 'Diploma code' },
  },
  allow_download: true,
  contact_text: 'Ask the registry',
  contact_url: 'https://registry.example.edu/contact',
  footer_text: 'University of Examples · 1 Main Street',
};

test("a verification's page renders with its template: colours, heading, intro, labels, hidden rows, footer", async () => {
  const template = await createTemplate(app, user, BRANDED, {
    name: 'logo.png',
    data: makePng(40, 20),
  });
  const verification = await createVerification(app, user, {
    template_id: template.id,
    allow_download: 'true',
    custom_fields: JSON.stringify([{ key: 'Grade', value: 'First' }]),
  });

  const view = await page(verification.code);

  expect(view.response.statusCode).toBe(200);
  expect([view.brand, view.page, view.ink]).toEqual(['#0b5d1e', '#fdfcf7', '#1a1a1a']);
  expect(view.heading).toBe('Registry of the University');
  expect(view.logo).toBe(template.logo!.url);
  expect(view.document.querySelector('.intro')?.textContent).toBe(BRANDED.intro);
  // Issuer and expiry date are hidden; custom fields are labelled by their own names.
  expect(view.labels).toEqual(['Graduate', 'Awarded on', 'Grade', 'Diploma code']);
  expect(view.document.querySelector('.footer-text')?.textContent).toBe(BRANDED.footer_text);
  const contact = view.document.querySelector('.contact a');
  expect(contact?.textContent).toBe('Ask the registry');
  expect(contact?.getAttribute('href')).toBe('https://registry.example.edu/contact');
  expect(view.download).toBe(`/v/${verification.code}/document`);
  expect((await app.inject({ url: view.logo! })).statusCode).toBe(200);
});

test('the default template gives the default design, and unknown codes get it too', async () => {
  const verification = await createVerification(app, user);

  const view = await page(verification.code);
  const unknown = await page('abcdefghijkmnpqr');

  for (const shown of [view, unknown]) {
    expect([shown.brand, shown.page, shown.ink]).toEqual([
      DEFAULT_TEMPLATE_DESIGN.primary_color,
      DEFAULT_TEMPLATE_DESIGN.background_color,
      DEFAULT_TEMPLATE_DESIGN.text_color,
    ]);
    expect(shown.logo).toBeNull();
  }
  expect(view.heading).toBe('University of Examples');
  expect(view.labels).toEqual([
    'Issued by',
    'Holder',
    'Issue date',
    'Expiry date',
    'Verification code',
  ]);
  expect(unknown.response.statusCode).toBe(404);
});

test("a template that forbids downloads hides the link and closes the document's address", async () => {
  const template = await createTemplate(app, user, { allow_download: false });
  const verification = await createVerification(app, user, {
    template_id: template.id,
    allow_download: 'true',
  });

  expect((await page(verification.code)).download).toBeNull();
  expect((await app.inject({ url: `/v/${verification.code}/document` })).statusCode).toBe(404);

  await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    allow_download: true,
  });
  expect((await page(verification.code)).download).toBe(`/v/${verification.code}/document`);
  expect((await app.inject({ url: `/v/${verification.code}/document` })).statusCode).toBe(200);
});

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '"><svg onload=alert(3)>',
  "'><style>body{display:none}</style>",
  '<a href="javascript:alert(4)">click</a>',
  '</dd></dl><iframe src="https://evil.example"></iframe>',
  '{{constructor.constructor("alert(5)")()}}',
  '&lt;b&gt;entity&lt;/b&gt; &amp;',
  '<!-- comment --><base href="https://evil.example/">',
];

test('hostile text in every field of a template is shown as text, never as markup', async () => {
  for (const [index, hostile] of HOSTILE.entries()) {
    const label = hostile.slice(0, 40);
    const template = await createTemplate(app, user, {
      name: hostile.slice(0, 80),
      heading: hostile.slice(0, 80),
      intro: hostile,
      fields: {
        issuer: { visible: true, label },
        holder_name: { visible: true, label },
        issue_date: { visible: true, label },
        expiry_date: { visible: true, label },
        custom_fields: { visible: true, label },
        code: { visible: true, label },
      },
      contact_text: hostile,
      // A link may only be https, http or mailto, but its address may still try to break out of the attribute.
      contact_url: `https://example.com/"><script>alert(${index})</script><a_x="`,
      footer_text: hostile,
    });
    const verification = await createVerification(app, user, {
      template_id: template.id,
      custom_fields: JSON.stringify([{ key: `Key ${hostile}`, value: hostile }]),
    });

    const { document, heading, labels } = await page(verification.code);

    const context = `payload ${index}: ${hostile}`;
    const scannerUrl = `${app.config.PUBLIC_URL.replace(/\/+$/, '')}/scan`;
    // Only the page's own scripts ('Check your copy' and the seal check), style and no image (no logo); nothing
    // else that runs, loads or restyles.
    const scripts = [...document.querySelectorAll('script')].map((script) =>
      script.getAttribute('src'),
    );
    expect([context, scripts.length]).toEqual([context, 2]);
    expect([context, scripts.filter((src) => !/^\/v\/assets\//.test(src ?? ''))]).toEqual([
      context,
      [],
    ]);
    // The page's style, and the one rule that shows a verdict held for the seal check at once without JavaScript.
    const styles = [...document.querySelectorAll('style')];
    expect([context, styles.filter((style) => !style.closest('noscript')).length]).toEqual([
      context,
      1,
    ]);
    expect([
      context,
      styles.filter((style) => style.closest('noscript')).map((style) => style.textContent?.trim()),
    ]).toEqual([
      context,
      [
        '.verdict[data-awaits-seal], [data-seal-line-pending] .verdict ~ *, [data-seal-line-pending] .foot { visibility: visible; animation: none; }',
      ],
    ]);
    expect([
      context,
      document.querySelectorAll('img, iframe, svg image, base, object, embed').length,
    ]).toEqual([context, 0]);
    const withHandlers = [...document.querySelectorAll('*')].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.toLowerCase().startsWith('on')),
    );
    expect([context, withHandlers.length]).toEqual([context, 0]);
    const links = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect([
      context,
      links.filter(
        (href) =>
          !/^(\/v\/|https:\/\/example\.com\/)/.test(href) &&
          href !== scannerUrl &&
          href !== DOCUMENT_CA_PATH,
      ),
    ]).toEqual([context, []]);
    // The text itself reaches the reader unchanged.
    expect(heading).toBe(hostile.slice(0, 80).trim());
    expect(labels.filter((text) => text === label.trim())).toHaveLength(5);
    expect(labels).toContain(`Key ${hostile}`);
    expect(document.querySelector('.intro')?.textContent).toBe(hostile.trim());
    expect(document.querySelector('.footer-text')?.textContent).toBe(hostile.trim());
    expect(document.querySelector('.contact a')?.textContent).toBe(hostile.trim());
    expect(document.querySelector('.contact a')?.getAttribute('href')).toBe(template.contact_url);
  }
});

test('the public JSON carries the design, with nothing private about the template', async () => {
  const template = await createTemplate(app, user, BRANDED);
  const verification = await createVerification(app, user, { template_id: template.id });

  const response = await app.inject({ url: `/api/public/verifications/${verification.code}/` });

  expect(response.statusCode).toBe(200);
  const { name: _name, ...design } = BRANDED;
  expect(response.json().template).toEqual({ ...design, logo_url: null });
  expect(response.body).not.toContain(template.id);
  expect(response.body).not.toContain('Diplomas');
});

test('the page follows every change at once: template edits, logo, the verification moving, deletion', async () => {
  const first = await createTemplate(app, user, { ...BRANDED, name: 'First' });
  const second = await createTemplate(app, user, {
    name: 'Second',
    heading: 'Second heading',
    primary_color: '#7a1f5c',
  });
  const verification = await createVerification(app, user, { template_id: first.id });
  expect((await page(verification.code)).heading).toBe('Registry of the University');

  // Editing the template.
  await templateRequest(app, user, 'PATCH', `/api/templates/${first.id}/`, {
    heading: 'Edited heading',
    primary_color: '#123456',
    fields: { holder_name: { label: 'Student' }, code: { visible: false } },
  });
  let view = await page(verification.code);
  expect([view.heading, view.brand]).toEqual(['Edited heading', '#123456']);
  expect(view.labels).toEqual(['Student', 'Awarded on']);

  // A new logo.
  const withLogo = (
    await templateRequest(
      app,
      user,
      'PATCH',
      `/api/templates/${first.id}/`,
      {},
      {
        name: 'logo.png',
        data: makePng(10, 10),
      },
    )
  ).json<Template>();
  expect((await page(verification.code)).logo).toBe(withLogo.logo!.url);

  // Making another template the default changes nothing for this verification.
  await app.inject({
    method: 'POST',
    url: `/api/templates/${second.id}/default/`,
    headers: user.headers,
  });
  expect((await page(verification.code)).heading).toBe('Edited heading');

  // Moving the verification to another template.
  await app.inject({
    method: 'PATCH',
    url: `/api/verifications/${verification.id}/`,
    headers: user.headers,
    payload: { template_id: second.id },
  });
  view = await page(verification.code);
  expect([view.heading, view.brand, view.logo]).toEqual(['Second heading', '#7a1f5c', null]);

  // Back, then deleting its template with a replacement: the page takes the replacement's design.
  await app.inject({
    method: 'PATCH',
    url: `/api/verifications/${verification.id}/`,
    headers: user.headers,
    payload: { template_id: first.id },
  });
  expect((await page(verification.code)).heading).toBe('Edited heading');
  const fallback = await defaultTemplate(app, user);
  expect(fallback.id).toBe(second.id);
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/templates/${first.id}/?replacement_id=${second.id}`,
    headers: user.headers,
  });
  expect(deleted.statusCode).toBe(204);
  view = await page(verification.code);
  expect([view.heading, view.brand, view.logo]).toEqual(['Second heading', '#7a1f5c', null]);
  expect((await app.inject({ url: withLogo.logo!.url })).statusCode).toBe(404);
});

test('views after the first are answered from memory: no database read per view', async () => {
  const template = await createTemplate(app, user, BRANDED);
  const verification = await createVerification(app, user, { template_id: template.id });
  await page(verification.code);

  const reads = jest.spyOn(app.db, 'selectFrom');
  for (let view = 0; view < 5; view += 1) {
    expect((await page(verification.code)).heading).toBe(BRANDED.heading);
  }

  expect(reads).not.toHaveBeenCalled();
  reads.mockRestore();
});
