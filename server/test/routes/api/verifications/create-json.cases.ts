// POST /api/verifications/ as the SPA sends it: a JSON body naming a staged upload. Also the issue date's
// default (the day of creation), which forms share.
import { isoDate } from '@common/verifications';

import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import {
  formData,
  signedInUser,
  uploadVerification,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const FIELDS = { title: 'Diploma', holder_name: 'Ada Lovelace' };

async function stageUpload(app: FastifyInstance, user: TestUser): Promise<string> {
  const form = formData({ file: { name: 'diploma.pdf', data: await makePdf() } });
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

function createWithJson(app: FastifyInstance, user: TestUser, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/verifications/',
    headers: user.headers,
    payload: body,
  });
}

test('a JSON body with upload_id and typed fields creates the verification and removes the upload', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const uploadId = await stageUpload(app, user);

  const response = await createWithJson(app, user, {
    upload_id: uploadId,
    title: 'Bachelor of Science',
    holder_name: 'Ada Lovelace',
    issue_date: '2025-06-30',
    expiry_date: null,
    custom_fields: [{ key: 'Grade', value: 'First' }],
    qr: { pages: 'every', position: 'custom', x: 0.5, y: 0.25, size_mm: 40 },
    allow_download: true,
    template_id: null,
  });

  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({
    title: 'Bachelor of Science',
    holder_name: 'Ada Lovelace',
    issue_date: '2025-06-30',
    expiry_date: null,
    custom_fields: [{ key: 'Grade', value: 'First' }],
    qr: { pages: 'every', position: 'custom', x: 0.5, y: 0.25, size_mm: 40 },
    allow_download: true,
    template_id: expect.any(String),
    original: { file_name: 'diploma.pdf', content_type: 'application/pdf' },
  });
  const staged = await app.inject({ url: `/api/uploads/${uploadId}/`, headers: user.headers });
  expect(staged.statusCode).toBe(404);
  await app.close();
});

test('a JSON body is checked with the same messages and field paths as a form', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);

  const missing = await createWithJson(app, user, { title: 'Diploma' });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().error.details).toEqual({
    file: ['This field is required.'],
    holder_name: ['This field is required.'],
  });

  const uploadId = await stageUpload(app, user);
  const invalid = await createWithJson(app, user, {
    upload_id: uploadId,
    title: ' ',
    holder_name: 'Ada Lovelace',
    issue_date: '2025-06-30',
    expiry_date: '2025-06-01',
    custom_fields: [{ key: '', value: 'First' }],
    qr: { pages: 'first', position: 'custom', size_mm: 10 },
    allow_download: 'sometimes',
  });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.json().error.details).toEqual({
    title: ['This field may not be blank.'],
    custom_fields: ['Custom field 1 name: A name is required.'],
    qr: [
      'The QR code must be at least 20 mm.',
      'x is required for a custom position.',
      'y is required for a custom position.',
    ],
    allow_download: ["Must be 'true' or 'false'."],
  });

  const backwards = await createWithJson(app, user, {
    ...FIELDS,
    upload_id: uploadId,
    issue_date: '2025-06-30',
    expiry_date: '2025-06-01',
  });
  expect(backwards.statusCode).toBe(400);
  expect(backwards.json().error.details).toEqual({
    expiry_date: ['The expiry date cannot be before the issue date.'],
  });
  await app.close();
});

test('a left-out issue date is the day of creation, in JSON and in a form', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const before = isoDate();

  const json = await createWithJson(app, user, {
    ...FIELDS,
    upload_id: await stageUpload(app, user),
  });
  const form = await uploadVerification(app, user, { issue_date: undefined });

  for (const response of [json, form]) {
    expect(response.statusCode).toBe(201);
    // Read around the request, so a test that runs over midnight (UTC) still passes.
    expect([before, isoDate()]).toContain(response.json().issue_date);
  }

  // Checked against that day: an expiry date already past is before the issue date.
  const expired = await createWithJson(app, user, {
    ...FIELDS,
    upload_id: await stageUpload(app, user),
    expiry_date: '2000-01-01',
  });
  expect(expired.statusCode).toBe(400);
  expect(expired.json().error.details).toEqual({
    expiry_date: ['The expiry date cannot be before the issue date.'],
  });
  await app.close();
});
