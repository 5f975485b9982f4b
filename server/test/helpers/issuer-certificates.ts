// PKCS #12 files as an issuer would bring them: a key and its certificate from a test CA (any dates, key and
// usages), packed by OpenSSL's `pkcs12 -export`, the tool most issuers export theirs with.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;

type KeyKind = 'rsa-2048' | 'rsa-1024' | 'ec-p256';

const KEY_ALGORITHMS: Record<KeyKind, RsaHashedKeyGenParams | EcKeyGenParams> = {
  'rsa-2048': {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  } as RsaHashedKeyGenParams,
  'rsa-1024': {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 1024,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  } as RsaHashedKeyGenParams,
  'ec-p256': { name: 'ECDSA', namedCurve: 'P-256' },
};

export interface IssuerCertificateOptions {
  subject?: string;
  key?: KeyKind;
  notBefore?: Date;
  notAfter?: Date;
  keyUsage?: number;
  extendedKeyUsage?: string[];
  password?: string;
  /** OpenSSL's -legacy: 3DES for the key and RC2-40 for the certificates, as older Windows exports are. */
  legacy?: boolean;
}

export interface IssuerCertificateFile {
  pkcs12: Buffer;
  password: string;
  /** The leaf's DER. */
  certificate: Uint8Array;
  caCertificate: Uint8Array;
}

async function keyPair(kind: KeyKind): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(KEY_ALGORITHMS[kind], true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
}

function pem(label: string, der: ArrayBuffer | Uint8Array): string {
  const base64 = Buffer.from(der as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;
}

/** The key and its certificate, with the chain, packed by `openssl pkcs12 -export` under the password. */
async function exportPkcs12(
  privateKey: CryptoKey,
  certificate: x509.X509Certificate,
  chain: x509.X509Certificate[],
  password: string,
  legacy = false,
): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-p12-'));
  const file = (name: string) => path.join(folder, name);
  try {
    await writeFile(
      file('key.pem'),
      pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', privateKey)),
    );
    await writeFile(file('certificate.pem'), certificate.toString('pem'));
    await writeFile(file('chain.pem'), chain.map((each) => each.toString('pem')).join('\n'));
    await run('openssl', [
      'pkcs12',
      '-export',
      ...(legacy ? ['-legacy'] : []),
      '-inkey',
      file('key.pem'),
      '-in',
      file('certificate.pem'),
      ...(chain.length > 0 ? ['-certfile', file('chain.pem')] : []),
      '-passout',
      `pass:${password}`,
      '-out',
      file('bundle.p12'),
    ]);
    return await readFile(file('bundle.p12'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A self-signed P-256 root, valid from a year ago for `years` years. */
async function testRootCa(name: string, serialNumber: string, years: number) {
  const now = Date.now();
  const keys = await keyPair('ec-p256');
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber,
    name,
    notBefore: new Date(now - 365 * DAY_MS),
    notAfter: new Date(now + years * 365 * DAY_MS),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
    ],
  });
  return { keys, certificate };
}

/** A test CA and a leaf from it with `options`, packed as a .p12 with its password. */
export async function issuerCertificateFile(
  options: IssuerCertificateOptions = {},
): Promise<IssuerCertificateFile> {
  const now = Date.now();
  const { keys: caKeys, certificate: ca } = await testRootCa(
    'CN=Test Qualified CA, O=Test Trust Services',
    '01',
    10,
  );
  const keys = await keyPair(options.key ?? 'rsa-2048');
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: options.subject ?? 'CN=Alpha University, O=Alpha University, C=GB',
    issuer: ca.subject,
    notBefore: options.notBefore ?? new Date(now - DAY_MS),
    notAfter: options.notAfter ?? new Date(now + 365 * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        options.keyUsage ?? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      new x509.ExtendedKeyUsageExtension(options.extendedKeyUsage ?? ['1.3.6.1.5.5.7.3.4']),
    ],
  });
  const password = options.password ?? 'correct horse battery staple';
  const pkcs12 = await exportPkcs12(keys.privateKey, leaf, [ca], password, options.legacy);
  return {
    pkcs12,
    password,
    certificate: new Uint8Array(leaf.rawData),
    caCertificate: new Uint8Array(ca.rawData),
  };
}

export interface CaFileOptions {
  key?: KeyKind;
  /** Off: the "CA" is a plain end-entity certificate. */
  isCa?: boolean;
  notAfter?: Date;
  password?: string;
}

export interface CaFile {
  pkcs12: Buffer;
  password: string;
  /** The intermediate CA the file holds (its key too), and the root above it the file carries. */
  intermediate: x509.X509Certificate;
  root: x509.X509Certificate;
}

/** An operator's own CA as DOCUMENT_CA_P12 takes it: an intermediate of a test root, with its key and the root. */
export async function caCertificateFile(options: CaFileOptions = {}): Promise<CaFile> {
  const now = Date.now();
  const { keys: rootKeys, certificate: root } = await testRootCa(
    'CN=Alpha University Root CA, O=Alpha University',
    '0a',
    20,
  );
  const keys = await keyPair(options.key ?? 'ec-p256');
  const isCa = options.isCa ?? true;
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: '0b',
    subject: 'CN=Alpha University Document Signing CA, O=Alpha University',
    issuer: root.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: options.notAfter ?? new Date(now + 5 * 365 * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(isCa, isCa ? 0 : undefined, true),
      new x509.KeyUsagesExtension(
        isCa
          ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
          : x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const password = options.password ?? 'ca file password';
  const pkcs12 = await exportPkcs12(keys.privateKey, intermediate, [root], password);
  return { pkcs12, password, intermediate, root };
}
