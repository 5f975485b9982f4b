import { createTestApp } from '../../../helpers/test-app';
import { makeEncryptedPdf, makePdf, makePng } from '../../../helpers/test-documents';
import {
  formData,
  signedInUser,
  VALID_FIELDS,
  type FilePart,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

// The file's apps share their securing workers (see securingPoolsPerFile).
jest.mock('../../../../src/documents/securing-pool', () =>
  jest.requireActual('../../../helpers/verifications').securingPoolsPerFile(),
);

let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

function stage(user: TestUser | null, fields: Record<string, string | FilePart | undefined>) {
  const form = formData(fields);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...user?.headers, ...form.headers },
    payload: form.payload,
  });
}

function createFromUpload(user: TestUser, fields: Record<string, string | FilePart | undefined>) {
  const form = formData({ ...VALID_FIELDS, ...fields });
  return app.inject({
    method: 'POST',
    url: '/api/verifications/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

describe('staging a document', () => {
  beforeEach(async () => {
    app = await createTestApp();
  });

  it('checks and keeps the file for its owner only, who can read it back and remove it', async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const pdf = await makePdf();

    // Uppy sends the file's metadata as more fields; they do not matter.
    const staged = await stage(owner, {
      file: { name: 'C:\\fakepath\\diploma.pdf', data: pdf },
      name: 'diploma.pdf',
      relativePath: 'null',
    });
    expect(staged.statusCode).toBe(201);
    const upload = staged.json();
    expect(upload).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'diploma.pdf',
      size: pdf.length,
      type: 'application/pdf',
      expires_at: expect.any(String),
    });
    expect(Date.parse(upload.expires_at) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);

    const read = await app.inject({ url: `/api/uploads/${upload.id}/`, headers: owner.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.rawPayload.equals(pdf)).toBe(true);

    const stranger = await app.inject({
      url: `/api/uploads/${upload.id}/`,
      headers: other.headers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(
      'The uploaded file was not found or has expired; choose the document again',
    );
    const strangerDelete = await app.inject({
      method: 'DELETE',
      url: `/api/uploads/${upload.id}/`,
      headers: other.headers,
    });
    expect(strangerDelete.statusCode).toBe(204);
    expect(
      (await app.inject({ url: `/api/uploads/${upload.id}/`, headers: owner.headers })).statusCode,
    ).toBe(200);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/uploads/${upload.id}/`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await app.inject({ url: `/api/uploads/${upload.id}/`, headers: owner.headers })).statusCode,
    ).toBe(404);
  });

  it('reads the real type from the content: a PNG named .pdf is a PNG', async () => {
    const user = await signedInUser(app);
    const staged = await stage(user, { file: { name: 'scan.pdf', data: await makePng() } });
    expect(staged.statusCode).toBe(201);
    expect(staged.json().type).toBe('image/png');
  });

  it.each([
    [
      'a file that is not a document',
      async () => ({ name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }),
      415,
      'Only PDF, PNG and JPEG files can be secured',
    ],
    ['an empty file', async () => ({ data: Buffer.alloc(0) }), 400, 'The file is empty'],
    [
      'a broken PDF',
      async () => ({ data: Buffer.from('%PDF-1.7 then nothing') }),
      400,
      'The file is not a valid PDF',
    ],
    [
      'a password-protected PDF',
      async () => ({ data: await makeEncryptedPdf() }),
      400,
      'The PDF is password-protected; upload an unprotected copy',
    ],
  ])('refuses %s with a clear %s', async (_name, file, status, message) => {
    const user = await signedInUser(app);
    const response = await stage(user, { file: await file() });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({ message, details: { file: [message] } });
  });

  it('wants exactly one file, from a signed-in user', async () => {
    const user = await signedInUser(app);
    const missing = await stage(user, { name: 'diploma.pdf' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.file).toEqual(['This field is required.']);

    const pdf = await makePdf();
    const boundary = 'two-files';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        pdf,
        Buffer.from('\r\n'),
      ]);
    const twoFiles = await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([part('a.pdf'), part('b.pdf'), Buffer.from(`--${boundary}--\r\n`)]),
    });
    // Refused at the second file's header, before its bytes are read.
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().error).toEqual({
      code: 'unexpected_file',
      message: 'Send one file per request.',
    });

    const anonymous = await stage(null, { file: { data: pdf } });
    expect(anonymous.statusCode).toBe(401);
    const bogus = await app.inject({ url: '/api/uploads/../../etc/', headers: user.headers });
    expect(bogus.statusCode).toBe(404);
    const notAnId = await app.inject({ url: '/api/uploads/not-an-id/', headers: user.headers });
    expect(notAnId.statusCode).toBe(404);
  });

  it('lists no cloud sources unless their keys are configured', async () => {
    const user = await signedInUser(app);
    const sources = await app.inject({ url: '/api/uploads/sources/', headers: user.headers });
    expect(sources.json()).toEqual({ cloud: [] });
    expect((await app.inject({ url: '/api/uploads/sources/' })).statusCode).toBe(401);
  });
});

test('a file over UPLOAD_MAX_BYTES is refused with 413', async () => {
  app = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(16 * 1024) } });
  const user = await signedInUser(app);
  const response = await stage(user, {
    file: { data: Buffer.concat([await makePdf(), Buffer.alloc(20 * 1024)]) },
  });
  expect(response.statusCode).toBe(413);
  expect(response.json().error.details.file).toEqual(['The file is larger than the 16 KiB limit']);
});

test('cloud sources with both a key and a secret are offered', async () => {
  app = await createTestApp({
    env: {
      COMPANION_DROPBOX_KEY: 'dropbox-key',
      COMPANION_DROPBOX_SECRET: 'dropbox-secret',
      COMPANION_GOOGLE_KEY: 'only-a-key',
    },
  });
  const user = await signedInUser(app);
  const sources = await app.inject({ url: '/api/uploads/sources/', headers: user.headers });
  expect(sources.json()).toEqual({ cloud: ['dropbox'] });
});

describe('creating a verification from a staged upload', () => {
  beforeEach(async () => {
    app = await createTestApp();
  });

  async function stagedPdf(user: TestUser, pdf?: Buffer) {
    const response = await stage(user, {
      file: { name: 'diploma.pdf', data: pdf ?? (await makePdf()) },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; size: number };
  }

  it('secures the staged document, then removes the upload', async () => {
    const user = await signedInUser(app);
    const upload = await stagedPdf(user);

    const created = await createFromUpload(user, { upload_id: upload.id });
    expect(created.statusCode).toBe(201);
    expect(created.json().original).toMatchObject({
      file_name: 'diploma.pdf',
      content_type: 'application/pdf',
      size: upload.size,
    });
    const read = await app.inject({ url: `/api/uploads/${upload.id}/`, headers: user.headers });
    expect(read.statusCode).toBe(404);

    const again = await createFromUpload(user, { upload_id: upload.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.details.file).toEqual([
      'The uploaded file was not found or has expired; choose the document again',
    ]);
  });

  it("cannot use another account's upload, or one that does not exist", async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const upload = await stagedPdf(owner);

    for (const uploadId of [upload.id, '00000000-0000-4000-8000-000000000000', '../x']) {
      const response = await createFromUpload(other, { upload_id: uploadId });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('upload_not_found');
    }
    expect((await createFromUpload(owner, { upload_id: upload.id })).statusCode).toBe(201);
  });

  it('keeps the upload when securing fails, so the form can be fixed and sent again', async () => {
    const user = await signedInUser(app);
    const upload = await stagedPdf(user, await makePdf([{ size: [150, 150] }]));

    const tooBig = await createFromUpload(user, {
      upload_id: upload.id,
      qr: JSON.stringify({ pages: 'first', position: 'bottom-right', size_mm: 60 }),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.code).toBe('page_too_small');

    const fixed = await createFromUpload(user, {
      upload_id: upload.id,
      qr: JSON.stringify({ pages: 'first', position: 'bottom-right', size_mm: 20 }),
    });
    expect(fixed.statusCode).toBe(201);
  });

  it('wants either a file or an upload_id, not both and not neither', async () => {
    const user = await signedInUser(app);
    const upload = await stagedPdf(user);

    const neither = await createFromUpload(user, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.details.file).toEqual(['This field is required.']);

    const both = await createFromUpload(user, {
      upload_id: upload.id,
      file: { data: await makePdf() },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details.file).toEqual([
      'Send either a file or an upload_id, not both.',
    ]);
  });
});
