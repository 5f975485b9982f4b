// `npm run document-signing`, run in this process against the test's database: the operator revokes an account's
// uploaded certificate (the install's CA signs its next PDF, both logs say so) and rotates the install's CA (the
// next PDF is signed under a new CA, which pdfsig trusts once given, while the old one is retired with its reason).
import { DOCUMENT_CA_PATH } from '@common/verifications';

import { runDocumentSigningCommand } from '../../src/cli/document-signing-command';
import { captureCommand } from '../helpers/command-output';
import { uploadIssuerCertificate } from '../helpers/document-signing';
import { issuerCertificateFile } from '../helpers/issuer-certificates';
import { pdfsig, trustStore } from '../helpers/pdf-signatures';
import { sharedUser } from '../helpers/team';
import { createTestApp } from '../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

function run(...argv: string[]) {
  return captureCommand((output) => runDocumentSigningCommand(app.db, argv, output));
}

const operatorLog = () =>
  app.db
    .selectFrom('operator_audit_log')
    .select(['action', 'object_type', 'object_id', 'object_name', 'reason'])
    .orderBy('occurred_at')
    .execute();

async function signedPdf(user: TestUser) {
  const verification = await createVerification(app, user);
  const response = await app.inject({
    url: `/api/verifications/${verification.id}/document/`,
    headers: user.headers,
  });
  return { verification, pdf: response.rawPayload };
}

async function caPem(): Promise<string> {
  return (await app.inject({ url: DOCUMENT_CA_PATH })).body;
}

async function pdfsigTrusting(pem: string, pdf: Buffer): Promise<string> {
  const store = await trustStore(pem);
  try {
    return await pdfsig(pdf, store);
  } finally {
    await store.remove();
  }
}

test('revoke-certificate stops an uploaded certificate: the install CA signs the next PDF, both logs say why', async () => {
  const owner = await signedInUser(app, {
    email: 'registrar@alpha.example',
    firstName: 'Ada',
    lastName: 'King',
  });
  const own = await issuerCertificateFile();
  const uploaded = await uploadIssuerCertificate(app, owner, own.pkcs12, own.password);
  const sha256 = uploaded.json().certificate.sha256_fingerprint as string;
  expect((await signedPdf(owner)).verification.signature?.signer).toBe('Alpha University');

  const revoked = await run(
    'revoke-certificate',
    'Registrar@Alpha.example',
    '--reason',
    'The CA withdrew it (key compromise)',
  );
  expect(revoked).toMatchObject({ code: 0, err: '' });
  expect(revoked.out).toContain(`Revoked "Alpha University" (SHA-256 ${sha256})`);

  const { verification } = await signedPdf(owner);
  expect(verification.signature?.signer).toBe('Ada King (name not verified)');
  const settings = await app.inject({
    url: '/api/settings/document-signing/',
    headers: owner.headers,
  });
  expect(settings.json()).toMatchObject({ signer: 'service_ca', certificate: null });

  const accountLog = await app.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'object_type', 'object_id', 'object_name'])
    .where('account_id', '=', owner.id)
    .where('object_type', '=', 'signing_certificate')
    .orderBy('occurred_at')
    .execute();
  expect(accountLog).toEqual([
    {
      actor_id: owner.id,
      action: 'signing_certificate.uploaded',
      object_type: 'signing_certificate',
      object_id: sha256,
      object_name: 'Alpha University',
    },
    {
      actor_id: null,
      action: 'signing_certificate.revoked',
      object_type: 'signing_certificate',
      object_id: sha256,
      object_name: 'Alpha University',
    },
  ]);
  expect(await operatorLog()).toEqual([
    {
      action: 'signing_certificate.revoked',
      object_type: 'signing_certificate',
      object_id: sha256,
      object_name: 'Alpha University (registrar@alpha.example)',
      reason: 'The CA withdrew it (key compromise)',
    },
  ]);

  const listed = await run('list');
  expect(listed.out).toContain('No account signs with a certificate of its own.');
  expect(listed.out).toMatch(/signing_certificate\.revoked\s+Alpha University/);

  const again = await run('revoke-certificate', 'registrar@alpha.example', '--reason', 'twice');
  expect(again).toMatchObject({
    code: 1,
    err: 'registrar@alpha.example signs with no certificate of its own.',
  });
});

test('revoke-certificate refuses what it cannot act on, and says how to fix it', async () => {
  const owner = await signedInUser(app, { email: 'owner@alpha.example' });
  const member = await sharedUser(app, owner, {}, { email: 'clerk@alpha.example' });
  const own = await issuerCertificateFile();
  await uploadIssuerCertificate(app, owner, own.pkcs12, own.password);

  expect(await run('revoke-certificate', 'owner@alpha.example')).toMatchObject({
    code: 1,
    err: 'Say why, for the log: revoke-certificate <account email> --reason <why>.',
  });
  expect(await run('revoke-certificate', 'nobody@alpha.example', '--reason', 'x')).toMatchObject({
    code: 1,
    err: 'No account has the email nobody@alpha.example.',
  });
  expect(await run('revoke-certificate', member.email, '--reason', 'x')).toMatchObject({
    code: 1,
    err: "clerk@alpha.example is a shared user of owner@alpha.example's account: the certificate is the owner's.",
  });
  expect(await run('revoke-certificate', '--reason', 'x')).toMatchObject({ code: 1 });
  expect(await run('revoke-certificate', 'owner@alpha.example', '--why', 'x')).toMatchObject({
    code: 1,
  });
  expect(await operatorLog()).toEqual([]);
  expect((await run('list')).out).toMatch(/owner@alpha\.example\s+Alpha University/);
});

test('rotate-ca retires the install CA: the next PDF is signed under a new one that pdfsig trusts', async () => {
  const owner = await signedInUser(app, { firstName: 'Ada', lastName: 'King' });
  expect(await run('rotate-ca', '--reason', 'yearly')).toMatchObject({
    code: 1,
    err: 'There is no install CA yet: the server makes one when it first signs.',
  });

  const before = await signedPdf(owner);
  const oldCa = await caPem();
  const rotated = await run('rotate-ca', '--reason', 'Moved to a new key ceremony');
  expect(rotated.code).toBe(0);
  expect(rotated.out).toMatch(/^Retired the install CA [0-9a-f]{64}: the next PDF is signed/);

  const after = await signedPdf(owner);
  const newCa = await caPem();
  expect(newCa).not.toBe(oldCa);
  expect(after.verification.signature?.certificate_sha256).not.toBe(
    before.verification.signature?.certificate_sha256,
  );
  const report = await pdfsigTrusting(newCa, after.pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  // The PDF signed before keeps its signature, trusted by whoever trusts the old CA.
  const earlier = await pdfsigTrusting(oldCa, before.pdf);
  expect(earlier).toContain('Certificate Validation: Certificate is Trusted.');

  const cas = await app.db
    .selectFrom('document_signing_cas')
    .select(['status', 'retired_reason', 'origin'])
    .orderBy('created_at')
    .execute();
  expect(cas).toEqual([
    { status: 'retired', retired_reason: 'Moved to a new key ceremony', origin: 'generated' },
    { status: 'active', retired_reason: null, origin: 'generated' },
  ]);
  expect(await operatorLog()).toEqual([
    expect.objectContaining({
      action: 'document_ca.rotated',
      object_type: 'document_ca',
      reason: 'Moved to a new key ceremony',
    }),
  ]);
  expect((await run('list')).out).toMatch(/^Install CA: [0-9a-f]{64} \(generated, since /);
});
