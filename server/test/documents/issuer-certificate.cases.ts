// An issuer's own .p12 opened and checked before it may sign: what OpenSSL exports opens, with the facts OpenSSL
// itself prints; each file that cannot sign a PDF readers accept is refused with its own reason.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';

import * as x509 from '@peculiar/x509';

import { openIssuerCertificate } from '../../src/documents/signing/issuer-certificate';
import { issuerCertificateFile } from '../helpers/issuer-certificates';

const DAY_MS = 24 * 60 * 60 * 1000;

function opensslFingerprint(der: Uint8Array): string {
  const pemText = new X509Certificate(der).toString();
  const printed = execFileSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256'], {
    input: pemText,
    encoding: 'utf8',
  });
  return printed.split('=')[1].trim().replaceAll(':', '').toLowerCase();
}

/** `openssl pkcs12 -info` of a file: it fails on a wrong password or a MAC that does not hold. */
function opensslInfo(pkcs12: Buffer, password: string): string {
  return execFileSync(
    'openssl',
    ['pkcs12', '-info', '-passin', `pass:${password}`, '-passout', 'pass:x'],
    { input: pkcs12, encoding: 'utf8' },
  );
}

test('a .p12 exported by OpenSSL opens, with its subject, issuer, validity, key and fingerprint', async () => {
  const file = await issuerCertificateFile({ key: 'rsa-2048' });
  const facts = await openIssuerCertificate(file.pkcs12, file.password);
  expect(facts).toMatchObject({
    subject: 'CN=Alpha University, O=Alpha University, C=GB',
    issuer: 'CN=Test Qualified CA, O=Test Trust Services',
    commonName: 'Alpha University',
    keyDescription: 'RSA 2048',
    sha256Fingerprint: opensslFingerprint(file.certificate),
  });
  expect(Buffer.from(facts.certificate)).toEqual(Buffer.from(file.certificate));
  expect(facts.chain.map((der) => Buffer.from(der))).toEqual([Buffer.from(file.caCertificate)]);
  expect(new Date(facts.notAfter).getTime()).toBe(
    new Date(new X509Certificate(file.certificate).validTo).getTime(),
  );
});

test('an ECDSA P-256 certificate opens too', async () => {
  const file = await issuerCertificateFile({ key: 'ec-p256' });
  expect((await openIssuerCertificate(file.pkcs12, file.password)).keyDescription).toBe(
    'ECDSA P-256',
  );
});

test('the wrong password is said to be wrong', async () => {
  const file = await issuerCertificateFile();
  await expect(openIssuerCertificate(file.pkcs12, 'not the password')).rejects.toMatchObject({
    statusCode: 422,
    code: 'certificate_wrong_password',
    message: 'The password does not open this file.',
  });
});

test('a file that is not PKCS #12 is unreadable', async () => {
  await expect(
    openIssuerCertificate(Buffer.from('%PDF-1.7 not a certificate'), 'x'),
  ).rejects.toMatchObject({ statusCode: 422, code: 'certificate_unreadable' });
});

test('an expired certificate, or one not valid yet, is refused with its date', async () => {
  const now = Date.now();
  const expired = await issuerCertificateFile({
    notBefore: new Date(now - 400 * DAY_MS),
    notAfter: new Date(Date.UTC(2026, 0, 31)),
  });
  await expect(openIssuerCertificate(expired.pkcs12, expired.password)).rejects.toMatchObject({
    code: 'certificate_expired',
    message: 'This certificate expired on 2026-01-31.',
  });
  const early = await issuerCertificateFile({ notBefore: new Date(now + 10 * DAY_MS) });
  await expect(openIssuerCertificate(early.pkcs12, early.password)).rejects.toMatchObject({
    code: 'certificate_not_yet_valid',
  });
});

test('a certificate whose usages do not include signing documents is refused', async () => {
  const certSigning = await issuerCertificateFile({ keyUsage: x509.KeyUsageFlags.keyEncipherment });
  await expect(
    openIssuerCertificate(certSigning.pkcs12, certSigning.password),
  ).rejects.toMatchObject({
    code: 'certificate_not_for_signing',
    message: expect.stringContaining('neither digital signatures nor non-repudiation'),
  });
  const serverOnly = await issuerCertificateFile({ extendedKeyUsage: ['1.3.6.1.5.5.7.3.1'] });
  await expect(openIssuerCertificate(serverOnly.pkcs12, serverOnly.password)).rejects.toMatchObject(
    { code: 'certificate_not_for_signing' },
  );
});

test('a file whose certificate belongs to another key is refused', async () => {
  const mismatched = await issuerCertificateFile({ key: 'ec-p256', mismatchedKey: true });
  await expect(openIssuerCertificate(mismatched.pkcs12, mismatched.password)).rejects.toMatchObject(
    {
      statusCode: 422,
      code: 'certificate_key_mismatch',
      message: 'The private key in this file does not belong to its certificate.',
    },
  );
  // The file itself is sound: OpenSSL opens it with the password (its MAC holds) and lists one key, two certificates.
  const listed = await opensslInfo(mismatched.pkcs12, mismatched.password);
  expect(listed.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
  expect(listed).toContain('BEGIN ENCRYPTED PRIVATE KEY');
});

test('a key too weak to sign with is refused', async () => {
  const weak = await issuerCertificateFile({ key: 'rsa-1024' });
  await expect(openIssuerCertificate(weak.pkcs12, weak.password)).rejects.toMatchObject({
    code: 'certificate_unsupported_key',
  });
});

test('a file in the legacy encryption of older exports (3DES for the key, RC2 for the certificates) opens', async () => {
  const legacy = await issuerCertificateFile({ legacy: true });
  const facts = await openIssuerCertificate(legacy.pkcs12, legacy.password);
  expect(facts.sha256Fingerprint).toBe(opensslFingerprint(legacy.certificate));
});
