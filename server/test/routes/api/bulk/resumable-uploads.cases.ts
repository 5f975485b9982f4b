// The zip of documents as a resumable upload (tus, /api/bulk-operations/uploads/resumable), sent by the tus client
// the SPA's Uppy uses: an upload cut off after its first piece resumes where the server's copy ends, and the
// finished file is a staged upload the create names like any other.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { Upload, type HttpRequest } from 'tus-js-client';

import { BULK_RESUMABLE_UPLOADS_PATH, type BulkUpload } from '@common/bulk-schemas';

import { csvPart, makeCsv, makeZip, waitForStatus } from '../../../helpers/bulk';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import { formData, signedInUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const CHUNK_BYTES = 512;

let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  app = await createTestApp({ env: { BULK_MAX_ZIP_BYTES: String(64 * 1024) } });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

interface Sent {
  /** The Upload-Offset of each PATCH, in order. */
  patchOffsets: number[];
}

/** Sends the file with the tus client; resolves with the answer to its last piece, or the client's error. */
function send(
  user: User,
  file: Buffer,
  options: { uploadUrl?: string; metadata?: Record<string, string>; stopAfterBytes?: number },
  sent: Sent = { patchOffsets: [] },
): Promise<{ upload: Upload; body: string | null; error?: Error }> {
  return new Promise((resolve) => {
    const upload: Upload = new Upload(file, {
      endpoint: `${origin}${BULK_RESUMABLE_UPLOADS_PATH}`,
      uploadUrl: options.uploadUrl,
      chunkSize: CHUNK_BYTES,
      retryDelays: null,
      headers: user.headers,
      metadata: options.metadata ?? { kind: 'documents', filename: 'diplomas.zip' },
      onBeforeRequest(request: HttpRequest) {
        if (request.getMethod() === 'PATCH') {
          sent.patchOffsets.push(Number(request.getHeader('Upload-Offset')));
        }
      },
      onChunkComplete(_chunk, bytesAccepted) {
        // The connection "drops": the client stops and forgets everything but the upload's URL.
        if (options.stopAfterBytes && bytesAccepted >= options.stopAfterBytes) {
          void upload.abort().then(() => resolve({ upload, body: null }));
        }
      },
      onSuccess: ({ lastResponse }) => resolve({ upload, body: lastResponse.getBody() }),
      onError: (error) => resolve({ upload, body: null, error }),
    });
    upload.start();
  });
}

async function documentsZip(): Promise<Buffer> {
  const pdf = await makePdf();
  return makeZip([
    { name: 'ada.pdf', data: pdf },
    { name: 'alan.pdf', data: pdf },
  ]);
}

async function resumableFiles(): Promise<string[]> {
  const folder = path.join(app.config.DATA_DIR, 'resumable-uploads');
  return readdir(folder).catch(() => []);
}

test('an upload cut off after its first piece resumes from the server’s offset and is named by the create', async () => {
  const user = await signedInUser(app);
  const zip = await documentsZip();
  expect(zip.length).toBeGreaterThan(3 * CHUNK_BYTES);

  const first = await send(user, zip, { stopAfterBytes: CHUNK_BYTES });
  const uploadUrl = first.upload.url!;
  expect(uploadUrl).toMatch(new RegExp(`${BULK_RESUMABLE_UPLOADS_PATH}/[0-9a-f-]{36}$`));
  const head = await app.inject({
    method: 'HEAD',
    url: new URL(uploadUrl).pathname,
    headers: { ...user.headers, 'tus-resumable': '1.0.0' },
  });
  expect(head.statusCode).toBe(200);
  expect(head.headers['upload-offset']).toBe(String(CHUNK_BYTES));

  const resumed: Sent = { patchOffsets: [] };
  const second = await send(user, zip, { uploadUrl }, resumed);
  expect(second.error).toBeUndefined();
  // Nothing the server already had was sent again.
  expect(resumed.patchOffsets[0]).toBe(CHUNK_BYTES);
  const staged = JSON.parse(second.body!) as BulkUpload;
  expect(staged).toMatchObject({ kind: 'documents', name: 'diplomas.zip', size: zip.length });
  expect(uploadUrl.endsWith(`/${staged.id}`)).toBe(true);
  // The pieces are gone once the whole file is staged.
  expect(await resumableFiles()).toEqual([]);

  const sheet = makeCsv([
    ['File', 'Title', 'Holder Name', 'Issue Date'],
    ['ada.pdf', 'BSc Mathematics', 'Ada Lovelace', '2026-06-30'],
    ['alan.pdf', 'BSc Computing', 'Alan Turing', '2026-06-30'],
  ]);
  const form = formData({
    name: 'Resumed',
    sheet: csvPart(sheet),
    documents_upload_id: staged.id,
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(created.statusCode).toBe(201);
  expect(await waitForStatus(app, user, created.json().id, ['ready', 'invalid'])).toMatchObject({
    status: 'ready',
    valid_rows: 2,
  });
});

test('only its sender can resume an upload; a stranger and a signed-out client are refused', async () => {
  const owner = await signedInUser(app);
  const stranger = await signedInUser(app);
  const zip = await documentsZip();
  const { upload } = await send(owner, zip, { stopAfterBytes: CHUNK_BYTES });
  const pathname = new URL(upload.url!).pathname;

  // The stranger's client finds nothing to resume at the owner's URL and makes an upload of its own.
  const theirs = await send(stranger, zip, { uploadUrl: upload.url! });
  expect(theirs.error).toBeUndefined();
  expect(theirs.upload.url).not.toBe(upload.url);
  const ownersCopy = await app.inject({
    method: 'HEAD',
    url: pathname,
    headers: { ...owner.headers, 'tus-resumable': '1.0.0' },
  });
  expect(ownersCopy.headers['upload-offset']).toBe(String(CHUNK_BYTES));

  const signedOut = await app.inject({
    method: 'HEAD',
    url: pathname,
    headers: { 'tus-resumable': '1.0.0' },
  });
  expect(signedOut.statusCode).toBe(401);
  const peek = await app.inject({
    method: 'PATCH',
    url: pathname,
    headers: {
      ...stranger.headers,
      'tus-resumable': '1.0.0',
      'upload-offset': String(CHUNK_BYTES),
      'content-type': 'application/offset+octet-stream',
    },
    payload: Buffer.alloc(10),
  });
  expect(peek.statusCode).toBe(404);
  expect(JSON.parse(peek.body).error.message).toBe('There is no such upload.');

  const deleted = await app.inject({
    method: 'DELETE',
    url: pathname,
    headers: { ...owner.headers, 'tus-resumable': '1.0.0' },
  });
  expect(deleted.statusCode).toBe(204);
});

test('an upload that does not say its kind, or is larger than its kind allows, is refused before any byte', async () => {
  const user = await signedInUser(app);
  const before = await resumableFiles();
  const create = (length: number, metadata: string) =>
    app.inject({
      method: 'POST',
      url: BULK_RESUMABLE_UPLOADS_PATH,
      headers: {
        ...user.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': metadata,
      },
    });
  const base64 = (text: string) => Buffer.from(text).toString('base64');

  const unnamed = await create(1000, `filename ${base64('a.zip')}`);
  expect(unnamed.statusCode).toBe(400);
  expect(JSON.parse(unnamed.body).error.details).toEqual({
    kind: ['Say which file this is: kind sheet, documents or design.'],
  });
  const tooLarge = await create(64 * 1024 + 1, `kind ${base64('documents')}`);
  expect(tooLarge.statusCode).toBe(413);
  const emptyFile = await create(0, `kind ${base64('documents')}`);
  expect(emptyFile.statusCode).toBe(400);
  expect(await resumableFiles()).toEqual(before);
});
