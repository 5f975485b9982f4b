import { createHash } from 'node:crypto';

import { TEMPLATE_LIMITS } from '@common/templates';
import type { Template } from '@common/templates-schemas';

import { logoFileKey } from '../../../../src/services/templates/template-files';
import { createTemplate, SVG_LOGO, templateRequest } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { makeJpeg, makePdf, makePng } from '../../../helpers/test-documents';
import { formData, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let user: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  user = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

const PNG = makePng(40, 20);
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function storedKey(template: Template, data: Buffer, extension: 'png' | 'jpg' | 'svg'): string {
  const type = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' } as const;
  return logoFileKey(template.id, sha256(data), type[extension]);
}

test('a PNG logo uploaded with a new template is served at its public, immutable address', async () => {
  const template = await createTemplate(
    app,
    user,
    { name: 'Branded' },
    { name: 'logo.png', type: 'image/png', data: PNG },
  );

  expect(template.logo).toEqual({
    url: `/v/logos/${template.id}/${sha256(PNG).slice(0, 16)}.png`,
    content_type: 'image/png',
    size: PNG.length,
  });
  const served = await app.inject({ url: template.logo!.url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['content-length']).toBe(String(PNG.length));
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.rawPayload.equals(PNG)).toBe(true);
  // No sign-in needed, nothing else served from the folder.
  expect(
    (await app.inject({ url: `/v/logos/${template.id}/0000000000000000.png` })).statusCode,
  ).toBe(404);
  expect(
    (await app.inject({ url: `/v/logos/${template.id}/..%2F..%2Fpackage.json` })).statusCode,
  ).toBe(404);
  expect((await app.inject({ url: '/v/logos/not-an-id/x.png' })).statusCode).toBe(404);
  expect(
    (await app.inject({ url: `/v/logos/00000000-0000-4000-8000-000000000000/x.png` })).statusCode,
  ).toBe(404);
});

test('the type comes from the content: a JPEG named .png is a JPEG, an SVG is served sandboxed', async () => {
  const jpeg = makeJpeg(30, 30);
  const withJpeg = await createTemplate(
    app,
    user,
    {},
    { name: 'logo.png', type: 'image/png', data: jpeg },
  );
  expect(withJpeg.logo).toMatchObject({
    content_type: 'image/jpeg',
    url: expect.stringMatching(/\.jpg$/),
  });
  expect((await app.inject({ url: withJpeg.logo!.url })).headers['content-type']).toBe(
    'image/jpeg',
  );

  const withSvg = await createTemplate(
    app,
    user,
    {},
    { name: 'logo.txt', type: 'text/plain', data: SVG_LOGO },
  );
  expect(withSvg.logo).toMatchObject({
    content_type: 'image/svg+xml',
    url: expect.stringMatching(/\.svg$/),
  });
  const served = await app.inject({ url: withSvg.logo!.url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/svg+xml');
  expect(served.headers['content-security-policy']).toBe(SVG_CSP);
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.body).toBe(SVG_LOGO.toString());
});

test('anything but a PNG, JPEG or SVG image is refused under logo', async () => {
  const refused: Array<[string, Buffer]> = [
    ['a PDF named .png', await makePdf()],
    [
      'HTML',
      Buffer.from('<!doctype html><html><body><svg></svg><script>alert(1)</script></body></html>'),
    ],
    ['text', Buffer.from('just some words')],
    [
      'an SVG with entities',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'),
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary')],
  ];
  for (const [what, data] of refused) {
    const response = await templateRequest(
      app,
      user,
      'POST',
      '/api/templates/',
      { name: 'Logo' },
      {
        name: 'logo.png',
        type: 'image/png',
        data,
      },
    );
    expect([what, response.statusCode]).toEqual([what, 400]);
    expect(response.json().error.details).toEqual({
      logo: ['Choose a PNG, JPEG or SVG image for the logo.'],
    });
  }
  const empty = await templateRequest(
    app,
    user,
    'POST',
    '/api/templates/',
    { name: 'Logo' },
    {
      name: 'logo.png',
      data: Buffer.alloc(0),
    },
  );
  expect(empty.json().error.details).toEqual({
    logo: ['This file is empty. Choose another image.'],
  });
});

test(`a logo over ${TEMPLATE_LIMITS.logo_size} bytes is refused with 413 under logo`, async () => {
  const big = Buffer.concat([PNG, Buffer.alloc(TEMPLATE_LIMITS.logo_size + 1 - PNG.length)]);
  const justRight = Buffer.concat([PNG, Buffer.alloc(TEMPLATE_LIMITS.logo_size - PNG.length)]);

  const response = await templateRequest(
    app,
    user,
    'POST',
    '/api/templates/',
    { name: 'Big' },
    { name: 'big.png', data: big },
  );
  const accepted = await templateRequest(
    app,
    user,
    'POST',
    '/api/templates/',
    { name: 'Fits' },
    { name: 'fits.png', data: justRight },
  );

  expect(response.statusCode).toBe(413);
  expect(response.json().error.details).toEqual({
    logo: ['The file is larger than the 512 KiB limit'],
  });
  expect(accepted.statusCode).toBe(201);
});

test('replacing a logo gives it a new address and removes the old file; null removes it', async () => {
  const template = await createTemplate(
    app,
    user,
    { name: 'Branded' },
    { name: 'logo.png', data: PNG },
  );
  const oldUrl = template.logo!.url;

  // Only a logo, no data part: everything else stays.
  const form = formData({ logo: { name: 'logo.svg', type: 'image/svg+xml', data: SVG_LOGO } });
  const replaced = await app.inject({
    method: 'PATCH',
    url: `/api/templates/${template.id}/`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });

  expect(replaced.statusCode).toBe(200);
  const updated = replaced.json<Template>();
  expect(updated).toMatchObject({ name: 'Branded', logo: { content_type: 'image/svg+xml' } });
  expect(updated.logo!.url).not.toBe(oldUrl);
  expect((await app.inject({ url: oldUrl })).statusCode).toBe(404);
  expect((await app.inject({ url: updated.logo!.url })).statusCode).toBe(200);
  expect(await app.storage.exists(storedKey(template, PNG, 'png'))).toBe(false);
  expect(await app.storage.exists(storedKey(template, SVG_LOGO, 'svg'))).toBe(true);

  // A JSON edit without `logo` keeps it.
  const renamed = await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    name: 'Renamed',
  });
  expect(renamed.json().logo).toEqual(updated.logo);

  const removed = await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
    logo: null,
  });
  expect(removed.statusCode).toBe(200);
  expect(removed.json().logo).toBeNull();
  expect((await app.inject({ url: updated.logo!.url })).statusCode).toBe(404);
  expect(await app.storage.exists(storedKey(template, SVG_LOGO, 'svg'))).toBe(false);
});

test('the same logo sent again keeps its address and its file', async () => {
  const template = await createTemplate(app, user, {}, { name: 'logo.png', data: PNG });

  const again = await templateRequest(
    app,
    user,
    'PATCH',
    `/api/templates/${template.id}/`,
    { heading: 'Hi' },
    { name: 'logo.png', data: PNG },
  );

  expect(again.json().logo).toEqual(template.logo);
  expect((await app.inject({ url: template.logo!.url })).statusCode).toBe(200);
});

test('a malformed form is a 400 under data, and nothing is stored', async () => {
  for (const data of ['{"name":', '[1]', '"text"']) {
    const form = formData({ data, logo: { name: 'logo.png', data: PNG } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/templates/',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect([data, response.statusCode]).toEqual([data, 400]);
    expect(Object.keys(response.json().error.details)).toEqual(['data']);
  }
  const invalid = await templateRequest(
    app,
    user,
    'POST',
    '/api/templates/',
    { name: 'X', primary_color: 'red' },
    { name: 'logo.png', data: PNG },
  );
  expect(invalid.statusCode).toBe(400);
  const templates = await app.db.selectFrom('templates').select('logo_key').execute();
  expect(templates).toEqual([{ logo_key: null }]);
});

test('a duplicate has its own copy of the logo; deleting a template removes its logo', async () => {
  const template = await createTemplate(
    app,
    user,
    { name: 'Branded' },
    { name: 'logo.png', data: PNG },
  );

  const copy = (
    await app.inject({
      method: 'POST',
      url: `/api/templates/${template.id}/duplicate/`,
      headers: user.headers,
    })
  ).json<Template>();
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/templates/${template.id}/`,
    headers: user.headers,
  });

  expect(deleted.statusCode).toBe(204);
  expect(copy.logo).toEqual({
    ...template.logo,
    url: template.logo!.url.replace(template.id, copy.id),
  });
  expect((await app.inject({ url: template.logo!.url })).statusCode).toBe(404);
  expect(await app.storage.exists(storedKey(template, PNG, 'png'))).toBe(false);
  const served = await app.inject({ url: copy.logo!.url });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(PNG)).toBe(true);
});
