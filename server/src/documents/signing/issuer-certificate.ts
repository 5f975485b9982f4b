// An issuer's own document-signing certificate, brought as a PKCS #12 file (.p12/.pfx) and its password: opened
// and checked before it is kept, so that a file which cannot sign a PDF, or would sign one that readers refuse, is
// turned away with a reason the issuer can act on. Runs in the securing worker: opening a PKCS #12 file derives
// keys from its password as many times as the file asks, which must not hold the event loop.
import 'reflect-metadata';
import { createHash, randomBytes, verify as verifySignature, X509Certificate } from 'node:crypto';

import { P12Signer } from '@libpdf/core';
import * as x509 from '@peculiar/x509';

import type { ApiErrorCode } from '@common/api-error';

import { AppError } from '../../lib/app-error';

/** What the issuer, and the settings screen, are shown of an uploaded certificate. */
export interface IssuerCertificateFacts {
  /** Distinguished names as OpenSSL prints them ("CN=…, O=…"). */
  subject: string;
  issuer: string;
  commonName: string;
  /** ISO 8601: a Date would not cross the worker's boundary as one. */
  notBefore: string;
  notAfter: string;
  /** Of the certificate's DER, hex. */
  sha256Fingerprint: string;
  /** "RSA 3072", "ECDSA P-256". */
  keyDescription: string;
  /** DER of the signing certificate, then the chain the file carries. */
  certificate: Uint8Array;
  chain: Uint8Array[];
}

// Extended key usages under which readers accept a document signature (RFC 9336's documentSigning, the e-mail
// protection most CAs issue, Adobe's and Microsoft's document-signing OIDs, or any).
const SIGNING_USAGES = new Set([
  '1.3.6.1.5.5.7.3.36',
  '1.3.6.1.5.5.7.3.4',
  '1.2.840.113583.1.1.5',
  '1.3.6.1.4.1.311.10.3.12',
  '2.5.29.37.0',
]);
const CURVE_NAMES: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};
const RSA_MIN_BITS = 2048;

function refused(code: ApiErrorCode, message: string): AppError {
  return new AppError({ statusCode: 422, code, message });
}

async function openFile(pkcs12: Uint8Array, password: string): Promise<P12Signer> {
  try {
    return await P12Signer.create(pkcs12, password);
  } catch (error) {
    // A wrong password fails the file's integrity check (its MAC is keyed by the password).
    const message = error instanceof Error ? error.message : String(error);
    if (/password|integrity/i.test(message)) {
      throw refused('certificate_wrong_password', 'The password does not open this file.');
    }
    throw refused(
      'certificate_unreadable',
      'This is not a PKCS #12 file we can read: a .p12 or .pfx holding a private key and its certificate.',
    );
  }
}

function keyDescription(certificate: X509Certificate): string {
  const { asymmetricKeyType, asymmetricKeyDetails } = certificate.publicKey;
  if (asymmetricKeyType === 'rsa' && (asymmetricKeyDetails?.modulusLength ?? 0) >= RSA_MIN_BITS) {
    return `RSA ${asymmetricKeyDetails!.modulusLength}`;
  }
  const curve = CURVE_NAMES[asymmetricKeyDetails?.namedCurve ?? ''];
  if (asymmetricKeyType === 'ec' && curve) return `ECDSA ${curve}`;
  throw refused(
    'certificate_unsupported_key',
    `Its key (${asymmetricKeyType ?? 'unknown'}) cannot sign PDFs here: use RSA of ${RSA_MIN_BITS} bits or more, or ECDSA P-256.`,
  );
}

function checkValidity(certificate: X509Certificate, now: Date): void {
  if (new Date(certificate.validTo) <= now) {
    throw refused(
      'certificate_expired',
      `This certificate expired on ${new Date(certificate.validTo).toISOString().slice(0, 10)}.`,
    );
  }
  if (new Date(certificate.validFrom) > now) {
    throw refused(
      'certificate_not_yet_valid',
      `This certificate is valid only from ${new Date(certificate.validFrom).toISOString().slice(0, 10)}.`,
    );
  }
}

function checkPurpose(der: Uint8Array): void {
  const certificate = new x509.X509Certificate(new Uint8Array(der));
  const notForSigning = (why: string) =>
    refused(
      'certificate_not_for_signing',
      `This certificate is not for signing documents: ${why}.`,
    );
  if (certificate.getExtension(x509.BasicConstraintsExtension)?.ca) {
    throw notForSigning('it is a certificate authority’s own certificate');
  }
  const keyUsage = certificate.getExtension(x509.KeyUsagesExtension);
  const signs = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;
  if (keyUsage && (keyUsage.usages & signs) === 0) {
    throw notForSigning('its key usage allows neither digital signatures nor non-repudiation');
  }
  const extended = certificate.getExtension(x509.ExtendedKeyUsageExtension);
  if (extended && !extended.usages.some((usage) => SIGNING_USAGES.has(String(usage)))) {
    throw notForSigning('its extended key usage names no document or e-mail signing');
  }
}

/**
 * Whether the file's key is the one its first certificate certifies: a challenge signed with it is checked with
 * the certificate's public key, as a reader would check the PDF's signature.
 */
export async function keyMatchesCertificate(signer: P12Signer): Promise<boolean> {
  const challenge = randomBytes(32);
  const signature = await signer.sign(challenge, 'SHA-256');
  const { publicKey } = new X509Certificate(signer.certificate);
  return verifySignature('sha256', challenge, { key: publicKey, dsaEncoding: 'der' }, signature);
}

async function checkKeyMatches(signer: P12Signer): Promise<void> {
  if (!(await keyMatchesCertificate(signer))) {
    throw refused(
      'certificate_key_mismatch',
      'The private key in this file does not belong to its certificate.',
    );
  }
}

function distinguishedName(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

/** The file opened and checked; an AppError (422) with a reason when it cannot sign PDFs. */
export async function openIssuerCertificate(
  pkcs12: Uint8Array,
  password: string,
  now = new Date(),
): Promise<IssuerCertificateFacts> {
  const signer = await openFile(pkcs12, password);
  const certificate = new X509Certificate(signer.certificate);
  const description = keyDescription(certificate);
  checkValidity(certificate, now);
  checkPurpose(signer.certificate);
  await checkKeyMatches(signer);
  const subject = distinguishedName(certificate.subject);
  const commonName = /^CN=(.*)$/m.exec(certificate.subject)?.[1] ?? subject;
  return {
    subject,
    issuer: distinguishedName(certificate.issuer),
    commonName,
    notBefore: new Date(certificate.validFrom).toISOString(),
    notAfter: new Date(certificate.validTo).toISOString(),
    sha256Fingerprint: createHash('sha256').update(signer.certificate).digest('hex'),
    keyDescription: description,
    certificate: signer.certificate,
    chain: signer.certificateChain,
  };
}
