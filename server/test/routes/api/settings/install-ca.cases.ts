// DOCUMENT_CA_P12: the operator brings the install's document-signing CA, an intermediate of their own PKI. The
// server checks it before serving, publishes it with its root, and signs every account's PDFs under it, so that a
// validator trusting only the operator's root sees them as trusted. A file that cannot be a CA stops the start
// with what to fix; a new file replaces the CA before it, retired with the reason in the operator's log.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { DOCUMENT_CA_PATH } from '@common/verifications';

import { runDocumentSigningCommand } from '../../../../src/cli/document-signing-command';
import { certificatePem } from '../../../../src/documents/signing/document-certificates';
import { openInstallCaFile } from '../../../../src/documents/signing/install-ca-file';
import { buildDocumentSigningServices } from '../../../../src/services/document-signing/document-signing-services';
import { captureCommand } from '../../../helpers/command-output';
import { caCertificateFile, type CaFile } from '../../../helpers/issuer-certificates';
import { pdfsig, trustStore } from '../../../helpers/pdf-signatures';
import { createTempDir, createTestApp } from '../../../helpers/test-app';
import { startTestTsa } from '../../../helpers/test-tsa';
import { createVerification, signedInUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let folder: string;

beforeAll(async () => {
  folder = await createTempDir('qrv-ca-file-');
});

async function saved(file: CaFile, name = `ca-${randomBytes(4).toString('hex')}.p12`) {
  const filePath = path.join(folder, name);
  await writeFile(filePath, file.pkcs12);
  return filePath;
}

async function appWith(
  file: CaFile,
  password = file.password,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await createTestApp({
    env: {
      PUBLIC_URL: 'https://verify.example.com',
      DOCUMENT_CA_P12: await saved(file),
      DOCUMENT_CA_P12_PASSWORD: password,
      ...env,
    },
  });
  await app.ready();
  return app;
}

async function signedPdf(app: FastifyInstance) {
  const owner = await signedInUser(app, { firstName: 'Ada', lastName: 'King' });
  const verification = await createVerification(app, owner);
  const response = await app.inject({
    url: `/api/verifications/${verification.id}/document/`,
    headers: owner.headers,
  });
  return response.rawPayload;
}

const operatorLog = (app: FastifyInstance) =>
  app.db
    .selectFrom('operator_audit_log')
    .select(['action', 'object_id', 'object_name', 'reason'])
    .orderBy('occurred_at')
    .execute();

test('with a TSA, a CA from the file that may sign revocation lists signs B-LTA; one that may not, B-T', async () => {
  const tsa = await startTestTsa();
  try {
    for (const [crlSign, level] of [
      [true, 'B-LTA'],
      [false, 'B-T'],
    ] as const) {
      const app = await appWith(await caCertificateFile({ crlSign }), undefined, {
        TSA_URL: tsa.url,
      });
      try {
        const owner = await signedInUser(app);
        expect((await createVerification(app, owner)).signature?.level).toBe(level);
      } finally {
        await app.close();
      }
    }
  } finally {
    await tsa.stop();
  }
});

test('the CA from the file is published with its root and signs PDFs that a validator trusting the root accepts', async () => {
  const file = await caCertificateFile();
  const app = await appWith(file);
  try {
    const published = (await app.inject({ url: DOCUMENT_CA_PATH })).body;
    expect(published).toBe(
      certificatePem(new Uint8Array(file.intermediate.rawData)) +
        certificatePem(new Uint8Array(file.root.rawData)),
    );

    const store = await trustStore(file.root.toString('pem'));
    try {
      const report = await pdfsig(await signedPdf(app), store);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
      expect(report).toContain('Signer Certificate Common Name: Ada King (name not verified)');
    } finally {
      await store.remove();
    }

    const [ca] = await app.db.selectFrom('document_signing_cas').selectAll().execute();
    expect(ca).toMatchObject({ status: 'active', origin: 'imported' });
    expect(await operatorLog(app)).toEqual([
      {
        action: 'document_ca.imported',
        object_id: ca.certificate_sha256,
        object_name: 'Alpha University Document Signing CA',
        reason: 'DOCUMENT_CA_P12',
      },
    ]);

    const rotate = await captureCommand((output) =>
      runDocumentSigningCommand(app.db, ['rotate-ca', '--reason', 'yearly'], output, app.config),
    );
    expect(rotate.code).toBe(1);
    expect(rotate.err).toContain(
      "to rotate it, point DOCUMENT_CA_P12 at the new CA's file and restart the server.",
    );
  } finally {
    await app.close();
  }
});

test.each([
  ['a certificate that is no CA', { isCa: false }, undefined, /holds no CA certificate/],
  ['the wrong password', {}, 'not the password', /cannot be opened with DOCUMENT_CA_P12_PASSWORD/],
  ['an RSA CA', { key: 'rsa-2048' as const }, undefined, /key is not ECDSA P-256/],
  [
    'an expired CA',
    { notAfter: new Date(Date.now() - 24 * 60 * 60 * 1000) },
    undefined,
    /holds a CA certificate that expired on/,
  ],
])('%s stops the start with what to fix', async (_case, options, password, message) => {
  const file = await caCertificateFile(options);
  await expect(appWith(file, password ?? file.password)).rejects.toThrow(message);
});

test('a file that is not there stops the start and names it', async () => {
  const missing = path.join(folder, 'nowhere.p12');
  const app = await createTestApp({ env: { DOCUMENT_CA_P12: missing } });
  await expect(app.ready()).rejects.toThrow(
    `DOCUMENT_CA_P12 names no file this server can read: ${missing}`,
  );
});

test('a new file replaces the CA the server made, which is retired with the reason', async () => {
  const app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
  try {
    await signedPdf(app);
    const made = await app.db
      .selectFrom('document_signing_cas')
      .select('certificate_sha256')
      .executeTakeFirstOrThrow();

    const file = await caCertificateFile();
    const withFile = buildDocumentSigningServices({
      db: app.db,
      masterKey: randomBytes(32),
      config: {
        PUBLIC_URL: 'https://verify.example.com',
        DOCUMENT_CA_P12: await saved(file),
        DOCUMENT_CA_P12_PASSWORD: file.password,
      },
      securing: {
        openInstallCaFile: (pkcs12, password) => openInstallCaFile(pkcs12, password),
        openIssuerCertificate: () => Promise.reject(new Error('not used')),
      },
      queue: app.queue,
      mailer: app.mailer,
    });
    expect(await withFile.caPem()).toContain(file.intermediate.toString('pem'));

    const cas = await app.db
      .selectFrom('document_signing_cas')
      .select(['certificate_sha256', 'status', 'origin', 'retired_reason'])
      .orderBy('created_at')
      .execute();
    expect(cas).toEqual([
      {
        certificate_sha256: made.certificate_sha256,
        status: 'retired',
        origin: 'generated',
        retired_reason: 'Replaced by the CA in DOCUMENT_CA_P12',
      },
      expect.objectContaining({ status: 'active', origin: 'imported', retired_reason: null }),
    ]);
    expect(await operatorLog(app)).toEqual([
      expect.objectContaining({
        action: 'document_ca.imported',
        reason: `DOCUMENT_CA_P12 replaces CA ${made.certificate_sha256}`,
      }),
    ]);
  } finally {
    await app.close();
  }
});
