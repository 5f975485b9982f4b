import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';

import { DOCUMENT_CA_PATH } from '@common/verifications';

import { renderPdfPages } from '../../../helpers/pdf-pages';
import { pdfsig, trustStore } from '../../../helpers/pdf-signatures';
import { createTemplate, defaultTemplate } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { makeEncryptedPdf, makePdf, makePng } from '../../../helpers/test-documents';
import {
  formData,
  signedInUser,
  uploadVerification,
  VALID_FIELDS,
  type VerificationJson,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file under DATA_DIR/files, so a test can see nothing was left behind. */
async function storedFiles(app: FastifyInstance): Promise<string[]> {
  const root = path.join(app.config.DATA_DIR, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function verificationCount(app: FastifyInstance): Promise<number> {
  const { count } = await app.db
    .selectFrom('verifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

test('uploading a PDF secures it: 201 with the verification, its files and a sealed QR code of its public URL', async () => {
  const app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
  const user = await signedInUser(app, {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'King',
  });
  const original = await makePdf([{}, {}]);
  const template = await createTemplate(app, user, { name: 'Diplomas 2025' });

  const response = await uploadVerification(app, user, {
    file: { name: 'diploma.pdf', data: original },
    expiry_date: '2030-06-30',
    custom_fields: JSON.stringify([{ key: 'Grade', value: 'First' }]),
    qr: JSON.stringify({ pages: 'every', position: 'top-left', size_mm: 30 }),
    allow_download: 'true',
    template_id: template.id,
  });

  expect(response.statusCode).toBe(201);
  const verification: VerificationJson = response.json();
  expect(verification).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    bulk_operation: null,
    code: expect.stringMatching(/^[a-z2-9]{16}$/),
    title: 'Bachelor of Science',
    unusual_activity: { flagged: false, reason: null, since: null },
    holder_name: 'Ada Lovelace',
    issue_date: '2025-06-30',
    expiry_date: '2030-06-30',
    custom_fields: [{ key: 'Grade', value: 'First' }],
    template_id: template.id,
    // Asked for 30 mm; a sealed code (version 11, 61 modules) is drawn at 0.55 mm a module at least.
    qr: { pages: 'every', position: 'top-left', size_mm: 33.6 },
    status: 'active',
    revoked_at: null,
    revocation_reason: null,
    replaced_by: null,
    allow_download: true,
    original: {
      file_name: 'diploma.pdf',
      content_type: 'application/pdf',
      size: original.length,
      sha256: sha256(original),
    },
    secured: {
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      earlier_sha256: null,
    },
    // Signed by the install CA's certificate for the account, in the only name it has: its own, unverified.
    signature: {
      level: 'B-B',
      signer: 'Ada King (name not verified)',
      certificate_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      signed_at: expect.any(String),
      timestamped_at: null,
      timestamp_pending: false,
    },
    public_url: `https://verify.example.com/v/${verification.code}`,
    qr_url: expect.stringMatching(
      new RegExp(`^https://verify\\.example\\.com/v/${verification.code}#\\d{250,}$`),
    ),
    sealed: true,
    credential_id: `https://verify.example.com/v/${verification.code}`,
    created_by: { email: 'ada@example.com', name: 'Ada King' },
    created_at: expect.any(String),
    updated_at: expect.any(String),
    scan_count: 0,
    last_scanned_at: null,
  });

  const document = await app.inject({
    url: `/api/verifications/${verification.id}/document/`,
    headers: user.headers,
  });
  expect(document.statusCode).toBe(200);
  expect(document.headers['content-type']).toBe('application/pdf');
  expect(document.headers['content-disposition']).toBe(
    `attachment; filename="Bachelor of Science-secured.pdf"; filename*=UTF-8''Bachelor%20of%20Science-secured.pdf`,
  );
  expect(document.rawPayload.length).toBe(verification.secured.size);
  expect(sha256(document.rawPayload)).toBe(verification.secured.sha256);
  const [pages] = await renderPdfPages([{ pdf: document.rawPayload }]);
  expect(pages.map((page) => page.qr?.data)).toEqual([verification.qr_url, verification.qr_url]);
  // The file's own proof, for pdfsig trusting the CA the server publishes.
  const ca = await app.inject({ url: DOCUMENT_CA_PATH });
  expect(ca.headers['content-type']).toBe('application/x-pem-file');
  const store = await trustStore(ca.body);
  try {
    const report = await pdfsig(document.rawPayload, store);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    expect(report).toContain('Signer Certificate Common Name: Ada King (name not verified)');
  } finally {
    await store.remove();
  }

  const stored = await app.inject({
    url: `/api/verifications/${verification.id}/original/`,
    headers: user.headers,
  });
  expect(stored.statusCode).toBe(200);
  expect(stored.headers['content-type']).toBe('application/pdf');
  expect(stored.headers['content-disposition']).toContain('filename="diploma.pdf"');
  expect(stored.rawPayload.equals(original)).toBe(true);
  await app.close();
});

test('optional fields take their defaults: first page, bottom right, 25 mm (the sealed minimum above it), no download, no expiry, default template', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);

  const response = await uploadVerification(app, user, { expiry_date: '', template_id: '' });

  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({
    expiry_date: null,
    custom_fields: [],
    template_id: (await defaultTemplate(app, user)).id,
    qr: { pages: 'first', position: 'bottom-right', size_mm: 33.6 },
    allow_download: false,
  });
  await app.close();
});

test('an image becomes a one-page secured PDF; the original keeps its own type and bytes', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const png = makePng(900, 600);

  const response = await uploadVerification(app, user, {
    file: { name: 'C:\\fakepath\\certificate.png', type: 'image/png', data: png },
  });

  expect(response.statusCode).toBe(201);
  const verification: VerificationJson = response.json();
  expect(verification.original).toMatchObject({
    file_name: 'certificate.png',
    content_type: 'image/png',
    sha256: sha256(png),
  });
  const document = await app.inject({
    url: `/api/verifications/${verification.id}/document/`,
    headers: user.headers,
  });
  expect((await PDFDocument.load(document.rawPayload)).getPageCount()).toBe(1);
  const original = await app.inject({
    url: `/api/verifications/${verification.id}/original/`,
    headers: user.headers,
  });
  expect(original.headers['content-type']).toBe('image/png');
  expect(original.rawPayload.equals(png)).toBe(true);
  await app.close();
});

test('a document larger than the JSON body limit but within UPLOAD_MAX_BYTES is accepted', async () => {
  const app = await createTestApp({ env: { BODY_LIMIT_BYTES: String(64 * 1024) } });
  const user = await signedInUser(app);
  const doc = await PDFDocument.load(await makePdf());
  await doc.attach(randomBytes(300 * 1024), 'scan.bin', { mimeType: 'application/octet-stream' });
  const large = Buffer.from(await doc.save());

  const response = await uploadVerification(app, user, { file: { data: large } });

  expect(response.statusCode).toBe(201);
  expect(response.json().original.size).toBe(large.length);
  await app.close();
});

test('each field problem is reported under its own name, and nothing is stored', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);

  const form = formData({
    file: { data: await makePdf() },
    title: '   ',
    holder_name: 'x'.repeat(201),
    issue_date: '2025-02-30',
    expiry_date: 'tomorrow',
    custom_fields: JSON.stringify([{ key: '', value: 'First' }]),
    qr: JSON.stringify({ pages: 'middle', position: 'custom', size_mm: 10 }),
    allow_download: 'yes',
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/verifications/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });

  expect(response.statusCode).toBe(400);
  const { details } = response.json().error;
  expect(details).toEqual({
    title: ['This field may not be blank.'],
    holder_name: ['Must be at most 200 characters.'],
    issue_date: ['Enter a date as YYYY-MM-DD.'],
    expiry_date: ['Enter a date as YYYY-MM-DD.'],
    custom_fields: ['Custom field 1 name: A name is required.'],
    qr: ['pages must be one of first, last, every.', 'The QR code must be at least 20 mm.'],
    allow_download: ["Must be 'true' or 'false'."],
  });
  expect(await storedFiles(app)).toEqual([]);
  await app.close();
});

test('the file and required fields must be there, structured fields must be JSON, expiry not before issue', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);

  const missing = formData({ title: 'Diploma' });
  const missingResponse = await app.inject({
    method: 'POST',
    url: '/api/verifications/',
    headers: { ...user.headers, ...missing.headers },
    payload: missing.payload,
  });
  expect(missingResponse.statusCode).toBe(400);
  expect(missingResponse.json().error.details).toEqual({
    file: ['This field is required.'],
    holder_name: ['This field is required.'],
  });

  const malformed = await uploadVerification(app, user, {
    file: 'not a file',
    custom_fields: '[{',
    qr: JSON.stringify({ pages: 'first', position: 'custom', size_mm: 30 }),
  });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json().error.details).toEqual({
    file: ['Attach the document as a file.'],
    custom_fields: ['Must be valid JSON.'],
    qr: ['x is required for a custom position.', 'y is required for a custom position.'],
  });

  const tooMany = await uploadVerification(app, user, {
    custom_fields: JSON.stringify(Array(21).fill({ key: 'Grade', value: 'First' })),
  });
  expect(tooMany.json().error.details).toEqual({ custom_fields: ['At most 20 custom fields.'] });

  // Checks across fields run once every field is valid on its own.
  const backwards = await uploadVerification(app, user, { expiry_date: '2025-06-29' });
  expect(backwards.statusCode).toBe(400);
  expect(backwards.json().error.details).toEqual({
    expiry_date: ['The expiry date cannot be before the issue date.'],
  });
  await app.close();
});

test.each([
  [
    'a text file named .pdf',
    () => Buffer.from('hello'),
    415,
    'Only PDF, PNG and JPEG files can be secured',
  ],
  [
    'a damaged PDF',
    async () => (await makePdf()).subarray(0, 300),
    400,
    'The file is not a valid PDF',
  ],
  [
    'a password-protected PDF',
    makeEncryptedPdf,
    400,
    'The PDF is password-protected; upload an unprotected copy',
  ],
])('%s is refused (%i) and leaves nothing behind', async (_case, make, status, message) => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  const response = await uploadVerification(app, user, { file: { data: await make() } });

  warn.mockRestore();
  expect(response.statusCode).toBe(status);
  expect(response.json().error).toMatchObject({ message, details: { file: [message] } });
  expect(await verificationCount(app)).toBe(0);
  expect(await storedFiles(app)).toEqual([]);
  await app.close();
});

test('a file over UPLOAD_MAX_BYTES is refused with 413 before it is secured', async () => {
  const app = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });
  const user = await signedInUser(app);

  const response = await uploadVerification(app, user, {
    file: { data: Buffer.concat([await makePdf(), Buffer.alloc(70 * 1024)]) },
  });

  expect(response.statusCode).toBe(413);
  expect(response.json().error).toMatchObject({
    message: 'The file is larger than the 64 KiB limit',
    details: { file: ['The file is larger than the 64 KiB limit'] },
  });
  expect(await verificationCount(app)).toBe(0);
  await app.close();
});

test('when storing the secured file fails, the original already stored is removed and no row is written', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const put = app.storage.put.bind(app.storage);
  jest.spyOn(app.storage, 'put').mockImplementation(async (key, body) => {
    if (key.endsWith('secured.pdf')) throw new Error('disk full');
    return put(key, body);
  });

  const response = await uploadVerification(app, user);

  expect(response.statusCode).toBe(500);
  expect(await storedFiles(app)).toEqual([]);
  expect(await verificationCount(app)).toBe(0);
  await app.close();
});

test('when writing the row fails, both stored files are removed', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  await sql`alter table verifications add constraint test_refuses check (title <> 'refused')`.execute(
    app.db,
  );

  const response = await uploadVerification(app, user, { title: 'refused' });

  expect(response.statusCode).toBe(500);
  expect(await storedFiles(app)).toEqual([]);
  expect(await verificationCount(app)).toBe(0);
  await app.close();
});

test('without a valid token every verification call answers 401, before reading an upload', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = (await uploadVerification(app, user)).json() as VerificationJson;
  const id = verification.id;

  const calls = [
    { method: 'POST', url: '/api/verifications/' },
    { method: 'GET', url: '/api/verifications/' },
    { method: 'GET', url: '/api/verifications/stats/' },
    { method: 'GET', url: `/api/verifications/${id}/` },
    { method: 'PATCH', url: `/api/verifications/${id}/` },
    { method: 'DELETE', url: `/api/verifications/${id}/` },
    { method: 'POST', url: `/api/verifications/${id}/revoke/` },
    { method: 'GET', url: `/api/verifications/${id}/document/` },
    { method: 'GET', url: `/api/verifications/${id}/original/` },
    { method: 'GET', url: `/api/verifications/${id}/qr/` },
    { method: 'GET', url: `/api/verifications/${id}/scans/` },
  ] as const;
  const form = formData({ file: { data: await makePdf() }, ...VALID_FIELDS });
  for (const call of calls) {
    const response = await app.inject({
      ...call,
      headers: { authorization: 'Bearer not-a-token', ...form.headers },
      payload: form.payload,
    });
    expect([call.url, response.statusCode]).toEqual([call.url, 401]);
  }
  expect(await verificationCount(app)).toBe(1);
  await app.close();
});
