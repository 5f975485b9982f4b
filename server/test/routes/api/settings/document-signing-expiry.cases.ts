// The owner hears of their own certificate's end 30 days ahead, once: right after uploading one that ends sooner,
// or from the daily run as the day comes near. A replaced or removed certificate is not mailed of.
import { mailExpiringCertificates } from '../../../../src/services/document-signing/certificate-expiry-notices';
import {
  DOCUMENT_SIGNING_CERTIFICATE_URL,
  uploadIssuerCertificate,
} from '../../../helpers/document-signing';
import { issuerCertificateFile } from '../../../helpers/issuer-certificates';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
let mail: MailCapture;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({
    env: { PUBLIC_URL: 'https://verify.example.com', SMTP_URL: mail.smtpUrl },
  });
});

afterEach(async () => {
  await app.close();
});

async function uploadEndingIn(user: TestUser, days: number) {
  const own = await issuerCertificateFile({ notAfter: new Date(Date.now() + days * DAY_MS) });
  const response = await uploadIssuerCertificate(app, user, own.pkcs12, own.password);
  expect(response.statusCode).toBe(200);
  return response.json().certificate as { sha256_fingerprint: string; not_after: string };
}

const runNotices = (now?: Date) =>
  mailExpiringCertificates(
    { db: app.db, mailer: app.mailer, publicUrl: 'https://verify.example.com' },
    now,
  );

test('a certificate uploaded with ten days left is mailed of at once, and only once', async () => {
  const owner = await signedInUser(app);
  const certificate = await uploadEndingIn(owner, 10);

  const [message] = await mail.waitFor(owner.email);
  expect(message.subject).toMatch(/^Your document-signing certificate ends on \d{1,2} \w+ \d{4}$/);
  expect(message.text).toContain('"Alpha University"');
  expect(message.text).toContain(`SHA-256 fingerprint: ${certificate.sha256_fingerprint}`);
  expect(message.text).toContain('https://verify.example.com/account');
  expect(message.html).toContain('href="https://verify.example.com/account"');

  expect(await runNotices()).toBe(0);
  expect(mail.to(owner.email)).toHaveLength(1);
});

test('one with months left is mailed of by the run 30 days before its end, not before', async () => {
  const owner = await signedInUser(app);
  const certificate = await uploadEndingIn(owner, 90);
  const notAfter = new Date(certificate.not_after).getTime();

  expect(await runNotices()).toBe(0);
  expect(await runNotices(new Date(notAfter - 31 * DAY_MS))).toBe(0);
  expect(await runNotices(new Date(notAfter - 29 * DAY_MS))).toBe(1);
  expect(await runNotices(new Date(notAfter - 28 * DAY_MS))).toBe(0);
  expect(mail.to(owner.email)).toHaveLength(1);
  // Once it has ended there is nothing left to warn of: the install's CA signs again.
  expect(await runNotices(new Date(notAfter + DAY_MS))).toBe(0);
});

test('a removed certificate is not mailed of; its replacement is, on its own schedule', async () => {
  const owner = await signedInUser(app);
  const first = await uploadEndingIn(owner, 90);
  const second = await uploadEndingIn(owner, 200);
  const firstEnd = new Date(first.not_after).getTime();
  expect(await runNotices(new Date(firstEnd - 10 * DAY_MS))).toBe(0);

  const secondEnd = new Date(second.not_after).getTime();
  expect(await runNotices(new Date(secondEnd - 10 * DAY_MS))).toBe(1);
  const [message] = mail.to(owner.email);
  expect(message.text).toContain(second.sha256_fingerprint);

  const removed = await app.inject({
    method: 'DELETE',
    url: DOCUMENT_SIGNING_CERTIFICATE_URL,
    headers: owner.headers,
  });
  expect(removed.statusCode).toBe(204);
  await app.db
    .updateTable('issuer_signing_certificates')
    .set({ expiry_notice_sent_at: null })
    .execute();
  expect(await runNotices(new Date(secondEnd - 5 * DAY_MS))).toBe(0);
});

test('a mail that cannot be sent leaves the certificate to be mailed of by the retry', async () => {
  const owner = await signedInUser(app);
  const certificate = await uploadEndingIn(owner, 90);
  const when = new Date(new Date(certificate.not_after).getTime() - 10 * DAY_MS);
  const failing = {
    ...app.mailer,
    send: () => Promise.reject(new Error('SMTP is down')),
  };
  await expect(
    mailExpiringCertificates(
      { db: app.db, mailer: failing, publicUrl: 'https://verify.example.com' },
      when,
    ),
  ).rejects.toThrow('SMTP is down');
  expect(await runNotices(when)).toBe(1);
  expect(mail.to(owner.email)).toHaveLength(1);
});
