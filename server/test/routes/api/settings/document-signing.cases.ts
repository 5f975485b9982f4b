// The organisation's own signing certificate, as an owner uses it: upload a .p12 with its password, see what it
// is, have the next PDFs signed with it (pdfsig trusting the issuer's CA, not ours), remove it to go back to the
// install's CA. A file that cannot sign is refused with its reason, and nothing is kept.
import { DOCUMENT_CA_PATH } from '@common/verifications';

import { certificatePem } from '../../../../src/documents/signing/document-certificates';
import {
  DOCUMENT_SIGNING_CERTIFICATE_URL,
  uploadIssuerCertificate,
} from '../../../helpers/document-signing';
import { issuerCertificateFile } from '../../../helpers/issuer-certificates';
import { pdfsig, trustStore } from '../../../helpers/pdf-signatures';
import { sharedUser, EDIT_ALL } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import {
  createVerification,
  formData,
  signedInUser,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
});

afterEach(async () => {
  await app.close();
});

const SETTINGS_URL = '/api/settings/document-signing/';
const CERTIFICATE_URL = DOCUMENT_SIGNING_CERTIFICATE_URL;

const uploadCertificate = (user: TestUser, file: Buffer, password: string) =>
  uploadIssuerCertificate(app, user, file, password);

async function signedPdfOf(user: TestUser): Promise<Buffer> {
  const verification = await createVerification(app, user);
  const response = await app.inject({
    url: `/api/verifications/${verification.id}/document/`,
    headers: user.headers,
  });
  return response.rawPayload;
}

async function pdfsigTrusting(caPem: string, pdf: Buffer): Promise<string> {
  const store = await trustStore(caPem);
  try {
    return await pdfsig(pdf, store);
  } finally {
    await store.remove();
  }
}

test('an owner uploads the organisation’s certificate, sees it, and the next PDFs are signed with it', async () => {
  const owner = await signedInUser(app, { firstName: 'Ada', lastName: 'King' });
  const before = await app.inject({ url: SETTINGS_URL, headers: owner.headers });
  expect(before.json()).toEqual({
    signer: 'service_ca',
    signer_name: 'Ada King (name not verified)',
    certificate: null,
    service_ca_url: `https://verify.example.com${DOCUMENT_CA_PATH}`,
  });

  const own = await issuerCertificateFile({ key: 'rsa-2048' });
  const uploaded = await uploadCertificate(owner, own.pkcs12, own.password);
  expect(uploaded.statusCode).toBe(200);
  expect(uploaded.json()).toEqual({
    signer: 'issuer_certificate',
    signer_name: 'Alpha University',
    certificate: {
      subject: 'CN=Alpha University, O=Alpha University, C=GB',
      issuer: 'CN=Test Qualified CA, O=Test Trust Services',
      common_name: 'Alpha University',
      key: 'RSA 2048',
      not_before: expect.any(String),
      not_after: expect.any(String),
      sha256_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploaded_at: expect.any(String),
    },
    service_ca_url: `https://verify.example.com${DOCUMENT_CA_PATH}`,
  });
  expect((await app.inject({ url: SETTINGS_URL, headers: owner.headers })).json()).toEqual(
    uploaded.json(),
  );

  const verification = await createVerification(app, owner);
  expect(verification.signature).toMatchObject({
    signer: 'Alpha University',
    certificate_sha256: uploaded.json().certificate.sha256_fingerprint,
  });
  const pdf = (
    await app.inject({
      url: `/api/verifications/${verification.id}/document/`,
      headers: owner.headers,
    })
  ).rawPayload;
  const report = await pdfsigTrusting(certificatePem(own.caCertificate), pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  expect(report).toContain('Signer Certificate Common Name: Alpha University');
});

test('the file and its password are kept encrypted', async () => {
  const owner = await signedInUser(app);
  const own = await issuerCertificateFile({ password: 'a password nobody should read' });
  expect((await uploadCertificate(owner, own.pkcs12, own.password)).statusCode).toBe(200);
  const row = await app.db
    .selectFrom('issuer_signing_certificates')
    .selectAll()
    .executeTakeFirstOrThrow();
  const stored = Buffer.concat(
    Object.values(row).filter((value): value is Buffer => Buffer.isBuffer(value)),
  );
  expect(stored.includes(own.pkcs12.subarray(0, 64))).toBe(false);
  expect(stored.includes(Buffer.from(own.password))).toBe(false);
  expect(JSON.stringify(row)).not.toContain(own.password);
});

test('a file that cannot sign is refused with its reason, and the install CA goes on signing', async () => {
  const owner = await signedInUser(app, { firstName: 'Ada', lastName: 'King' });
  const own = await issuerCertificateFile();
  const wrongPassword = await uploadCertificate(owner, own.pkcs12, 'guess');
  expect(wrongPassword.statusCode).toBe(422);
  expect(wrongPassword.json().error).toMatchObject({
    code: 'certificate_wrong_password',
    message: 'The password does not open this file.',
  });
  const expired = await issuerCertificateFile({
    notBefore: new Date('2024-01-01'),
    notAfter: new Date('2025-01-01'),
  });
  const refused = await uploadCertificate(owner, expired.pkcs12, expired.password);
  expect(refused.statusCode).toBe(422);
  expect(refused.json().error.code).toBe('certificate_expired');

  const settings = await app.inject({ url: SETTINGS_URL, headers: owner.headers });
  expect(settings.json()).toMatchObject({ signer: 'service_ca', certificate: null });
  const report = await pdfsigTrusting(
    (await app.inject({ url: DOCUMENT_CA_PATH })).body,
    await signedPdfOf(owner),
  );
  expect(report).toContain('Signer Certificate Common Name: Ada King (name not verified)');
});

test('a file or password missing, or a file over the limit, is a 4xx with the field named', async () => {
  const owner = await signedInUser(app);
  const noFile = formData({ password: 'x' });
  const missing = await app.inject({
    method: 'PUT',
    url: CERTIFICATE_URL,
    headers: { ...owner.headers, ...noFile.headers },
    payload: noFile.payload,
  });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().error.details).toHaveProperty('file');
  const huge = await uploadCertificate(owner, Buffer.alloc(65 * 1024, 1), 'x');
  expect(huge.statusCode).toBe(413);
});

test('removing the certificate goes back to the install CA for the next PDFs', async () => {
  const owner = await signedInUser(app, { firstName: 'Ada', lastName: 'King' });
  const own = await issuerCertificateFile();
  await uploadCertificate(owner, own.pkcs12, own.password);

  const removed = await app.inject({
    method: 'DELETE',
    url: CERTIFICATE_URL,
    headers: owner.headers,
  });
  expect(removed.statusCode).toBe(204);
  expect((await app.inject({ url: SETTINGS_URL, headers: owner.headers })).json()).toMatchObject({
    signer: 'service_ca',
    signer_name: 'Ada King (name not verified)',
    certificate: null,
  });
  const report = await pdfsigTrusting(
    (await app.inject({ url: DOCUMENT_CA_PATH })).body,
    await signedPdfOf(owner),
  );
  expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  expect(report).toContain('Signer Certificate Common Name: Ada King (name not verified)');
});

test('a shared user, even one who may edit everything, may not see or change it', async () => {
  const owner = await signedInUser(app);
  const member = await sharedUser(app, owner, EDIT_ALL);
  const own = await issuerCertificateFile();
  expect((await app.inject({ url: SETTINGS_URL, headers: member.headers })).statusCode).toBe(403);
  expect((await uploadCertificate(member, own.pkcs12, own.password)).statusCode).toBe(403);
  const remove = await app.inject({
    method: 'DELETE',
    url: CERTIFICATE_URL,
    headers: member.headers,
  });
  expect(remove.statusCode).toBe(403);
});
