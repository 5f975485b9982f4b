// The certificates a secured PDF is signed with when the issuer brings none of its own: the install's CA, made at
// first start, and a document-signing certificate from it for each account. The CA vouches only for what the
// service knows (common/issuer-identity.ts): the verified custom domain, or a name its operator checked. A name
// the account merely gives itself goes in saying so, so no PDF reader shows it as a vetted organisation.
import { webcrypto, X509Certificate } from 'node:crypto';

import { issuerWords, type IssuerIdentity } from '@common/issuer-identity';

// @peculiar/x509, with its ASN.1 modules and tsyringe (~150 modules, ~3 MiB), loads with the first certificate
// made or read: a server that has signed nothing since it started does not hold it.
let x509Module: Promise<typeof import('@peculiar/x509')> | undefined;
function loadX509(): Promise<typeof import('@peculiar/x509')> {
  x509Module ??= (async () => {
    // tsyringe, under @peculiar/x509, needs the polyfill loaded first.
    await import('reflect-metadata');
    const x509 = await import('@peculiar/x509');
    x509.cryptoProvider.set(webcrypto as unknown as Crypto);
    return x509;
  })();
  return x509Module;
}

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const CA_VALIDITY_DAYS = 20 * 365;
const SIGNER_VALIDITY_DAYS = 2 * 365;
/** X.520's upper bound for a common name. */
const COMMON_NAME_MAX = 64;

// Without emailProtection beside documentSigning, poppler reports "Unknown issue with Certificate" and OpenSSL
// "unsuitable certificate purpose" (docs/signing.md); Adobe's own OID marks it for PDF signing.
const DOCUMENT_SIGNING_USAGES = [
  '1.3.6.1.5.5.7.3.36', // documentSigning (RFC 9336)
  '1.3.6.1.5.5.7.3.4', // emailProtection
  '1.2.840.113583.1.1.5', // Adobe Authentic Documents Trust
];

/** A certificate with its private key: DER and PKCS #8, as they are stored (the key encrypted) and signed with. */
export interface CertifiedKey {
  certificate: Uint8Array;
  pkcs8: Uint8Array;
}

type NameAttributes = Array<Record<string, string[]>>;

/** The text cut to `room` characters (an ellipsis marks the cut). */
function fitCommonName(text: string, room = COMMON_NAME_MAX): string {
  return text.length <= room ? text : `${text.slice(0, room - 1).trimEnd()}…`;
}

/**
 * The signer's name as a certificate can carry it: the proven identity as the common name (and, when the operator
 * checked it, as the organisation); otherwise the account's own words with "not verified" in the name itself.
 * Every reader shows the common name, so what is unproven must say so there.
 */
export function signerName(identity: IssuerIdentity, accountId: string): NameAttributes {
  const words = issuerWords(identity);
  const service = { OU: ['QR Verify document signing'] };
  const account = { '2.5.4.5': [accountId] };
  if (words.isProven && identity.issuer_proof === 'operator') {
    return [{ CN: [fitCommonName(words.name)] }, { O: [words.name] }, service, account];
  }
  if (words.isProven) {
    const stated = words.note ? [{ '2.5.4.13': [words.note] }] : [];
    return [{ CN: [fitCommonName(words.name)] }, ...stated, service, account];
  }
  const unverified = ' (name not verified)';
  const commonName = identity.declared_name
    ? `${fitCommonName(identity.declared_name, COMMON_NAME_MAX - unverified.length)}${unverified}`
    : 'An account whose name is not shown';
  return [{ CN: [commonName] }, { '2.5.4.13': [`${words.name}: ${words.note}`] }, service, account];
}

async function newKeyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(KEY_ALGORITHM, true, [
    'sign',
    'verify',
  ]) as Promise<CryptoKeyPair>;
}

async function exportPkcs8(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', key));
}

function randomSerial(): string {
  // Positive (high bit clear) and 16 bytes: RFC 5280 allows up to 20.
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] &= 0x7f;
  return Buffer.from(bytes).toString('hex');
}

/** The install's CA, named for the service (`PUBLIC_URL`'s host): it certifies the accounts' signing keys only. */
export async function createDocumentCa(
  serviceName: string,
  now = new Date(),
): Promise<CertifiedKey> {
  const x509 = await loadX509();
  const keys = await newKeyPair();
  const name: NameAttributes = [
    { CN: [fitCommonName(`${serviceName} document signing CA`)] },
    { O: [serviceName] },
  ];
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + CA_VALIDITY_DAYS * DAY_MS),
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    certificate: new Uint8Array(certificate.rawData),
    pkcs8: await exportPkcs8(keys.privateKey),
  };
}

async function importSigningKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, KEY_ALGORITHM, false, [
    'sign',
  ]) as Promise<CryptoKey>;
}

/** A new key and its document-signing certificate from the CA, in the name `signerName` gives. */
export async function issueSigningCertificate(
  ca: CertifiedKey,
  subject: NameAttributes,
  now = new Date(),
): Promise<CertifiedKey> {
  const x509 = await loadX509();
  const caCertificate = new x509.X509Certificate(new Uint8Array(ca.certificate));
  const keys = await newKeyPair();
  const notAfter = new Date(
    Math.min(now.getTime() + SIGNER_VALIDITY_DAYS * DAY_MS, caCertificate.notAfter.getTime()),
  );
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: caCertificate.subjectName,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: await importSigningKey(ca.pkcs8),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      new x509.ExtendedKeyUsageExtension(DOCUMENT_SIGNING_USAGES),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCertificate),
    ],
  });
  return {
    certificate: new Uint8Array(certificate.rawData),
    pkcs8: await exportPkcs8(keys.privateKey),
  };
}

/** How long a revocation list stands: validators want a newer one after it, so one is made daily. */
export const REVOCATION_LIST_DAYS = 7;

/** Whether the CA may sign revocation lists: an operator's CA (DOCUMENT_CA_P12) whose key usage lacks cRLSign may not. */
export async function canSignRevocationLists(caCertificate: Uint8Array): Promise<boolean> {
  const x509 = await loadX509();
  const certificate = new x509.X509Certificate(new Uint8Array(caCertificate));
  const keyUsage = certificate.getExtension(x509.KeyUsagesExtension);
  return !keyUsage || (keyUsage.usages & x509.KeyUsageFlags.cRLSign) !== 0;
}

/**
 * The CA's certificate revocation list (DER): the validation data a long-term (B-LT) signature carries, proving
 * its certificate was not revoked when it signed. The service revokes none of the certificates it issues (one
 * replaced by a newer one still stands behind what it signed), so the list is empty, signed, with its number the
 * time it was made (RFC 5280 wants one that grows).
 */
export async function createRevocationList(
  ca: CertifiedKey,
  now = new Date(),
): Promise<Uint8Array> {
  const x509 = await loadX509();
  const caCertificate = new x509.X509Certificate(new Uint8Array(ca.certificate));
  const crl = await x509.X509CrlGenerator.create({
    issuer: caCertificate.subjectName,
    thisUpdate: new Date(now.getTime() - 60_000),
    nextUpdate: new Date(now.getTime() + REVOCATION_LIST_DAYS * DAY_MS),
    signingKey: await importSigningKey(ca.pkcs8),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      await x509.AuthorityKeyIdentifierExtension.create(caCertificate),
      new x509.Extension(CRL_NUMBER, false, derInteger(Math.floor(now.getTime() / 1000))),
    ],
  });
  return new Uint8Array(crl.rawData);
}

const CRL_NUMBER = '2.5.29.20';

/** A non-negative integer as DER (an INTEGER's content is big-endian, with a zero first if its top bit is set). */
function derInteger(value: number): ArrayBuffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  const content = Buffer.from(hex, 'hex');
  return new Uint8Array([0x02, content.length, ...content]).buffer;
}

/** PEM ending in a newline, as the CA is published at /.well-known/qrverify-ca.pem (certificates one after another). */
export function certificatePem(der: Uint8Array): string {
  return new X509Certificate(der).toString();
}
