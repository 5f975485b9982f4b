// PKCS #12 files as an issuer would bring them: a key and its certificate from a test CA (any dates, key and
// usages), packed by OpenSSL's `pkcs12 -export`, the tool most issuers export theirs with.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createHash, createHmac, webcrypto } from 'node:crypto';
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
  /**
   * A certificate for another key of the same size in place of the key's own, the file's integrity MAC made
   * again: what OpenSSL refuses to build ("No certificate matches private key"), and what a careless export, a
   * wrong file picked from a folder or a tampered one can still be.
   */
  mismatchedKey?: boolean;
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
  { legacy = false, plainCertificates = false } = {},
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
      // Certificates in the clear, so one can be swapped in place (the key stays encrypted).
      ...(plainCertificates ? ['-certpbe', 'NONE'] : []),
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
  const makeLeaf = async (keys: CryptoKeyPair) =>
    x509.X509CertificateGenerator.create({
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
          options.keyUsage ??
            x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
          true,
        ),
        new x509.ExtendedKeyUsageExtension(options.extendedKeyUsage ?? ['1.3.6.1.5.5.7.3.4']),
      ],
    });
  const keys = await keyPair(options.key ?? 'rsa-2048');
  const leaf = await makeLeaf(keys);
  const password = options.password ?? 'correct horse battery staple';
  let pkcs12 = await exportPkcs12(keys.privateKey, leaf, [ca], password, {
    legacy: options.legacy,
    plainCertificates: options.mismatchedKey,
  });
  if (options.mismatchedKey) {
    const other = await sameSizeCertificate(leaf, async () =>
      makeLeaf(await keyPair(options.key ?? 'rsa-2048')),
    );
    const swapped = swapBytes(pkcs12, Buffer.from(leaf.rawData), Buffer.from(other.rawData));
    pkcs12 = withMacRemade(pkcs12, swapped, password);
  }
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
  /** Off: a CA whose key usage lacks cRLSign (keyCertSign alone), which may not sign revocation lists. */
  crlSign?: boolean;
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
          ? x509.KeyUsageFlags.keyCertSign |
              (options.crlSign === false ? 0 : x509.KeyUsageFlags.cRLSign)
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

/** A certificate made by `make` with the same DER length as `like` (ECDSA signatures vary by a byte or two). */
async function sameSizeCertificate(
  like: x509.X509Certificate,
  make: () => Promise<x509.X509Certificate>,
): Promise<x509.X509Certificate> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const made = await make();
    if (made.rawData.byteLength === like.rawData.byteLength) return made;
  }
  throw new Error('No certificate of the same size came out');
}

function swapBytes(file: Buffer, from: Buffer, to: Buffer): Buffer {
  const at = file.indexOf(from);
  if (at < 0 || from.length !== to.length)
    throw new Error('The certificate is not in the file as it is');
  return Buffer.concat([file.subarray(0, at), to, file.subarray(at + from.length)]);
}

/** A DER element at `offset`: where its value starts and where it ends. */
function derElement(der: Buffer, offset: number): { valueStart: number; end: number } {
  const first = der[offset + 1];
  const lengthOctets = first < 0x80 ? 0 : first & 0x7f;
  const length = lengthOctets === 0 ? first : der.readUIntBE(offset + 2, lengthOctets);
  const valueStart = offset + 2 + lengthOctets;
  return { valueStart, end: valueStart + length };
}

/** RFC 7292 appendix B: the MAC key derived from the password (SHA-256: u = 32, v = 64; ID 3 is for MACs). */
function pkcs12MacKey(password: string, salt: Buffer, iterations: number): Buffer {
  const v = 64;
  // Copies of the bytes up to the next multiple of v (the last copy cut short).
  const fill = (bytes: Buffer) => {
    const filled = Buffer.alloc(v * Math.ceil(bytes.length / v));
    for (let index = 0; index < filled.length; index += 1)
      filled[index] = bytes[index % bytes.length];
    return filled;
  };
  const bmp = Buffer.from(`${password}\0`, 'utf16le').swap16();
  let digest = Buffer.concat([Buffer.alloc(v, 3), fill(salt), fill(bmp)]);
  for (let round = 0; round < iterations; round += 1) {
    digest = createHash('sha256').update(digest).digest();
  }
  return digest;
}

/**
 * `changed` (a PFX of the same layout as `original`) with its integrity MAC made over its own contents: PFX ::=
 * SEQUENCE { version, authSafe ContentInfo { data, [0] OCTET STRING }, macData { DigestInfo { algorithm, digest },
 * salt, iterations } }. The original's MAC is checked first, so a wrong derivation fails here rather than passing
 * as a mismatched key.
 */
function withMacRemade(original: Buffer, changed: Buffer, password: string): Buffer {
  const top = derElement(original, 0);
  const version = derElement(original, top.valueStart);
  const authSafe = derElement(original, version.end);
  const contentType = derElement(original, authSafe.valueStart);
  const explicit = derElement(original, contentType.end);
  const content = derElement(original, explicit.valueStart);
  const macData = derElement(original, authSafe.end);
  const digestInfo = derElement(original, macData.valueStart);
  const algorithm = derElement(original, digestInfo.valueStart);
  const digest = derElement(original, algorithm.end);
  const salt = derElement(original, digestInfo.end);
  const iterations = derElement(original, salt.end);
  const key = pkcs12MacKey(
    password,
    original.subarray(salt.valueStart, salt.end),
    original.readUIntBE(iterations.valueStart, iterations.end - iterations.valueStart),
  );
  const mac = (pfx: Buffer) =>
    createHmac('sha256', key).update(pfx.subarray(content.valueStart, content.end)).digest();
  if (!mac(original).equals(original.subarray(digest.valueStart, digest.end))) {
    throw new Error('The PKCS #12 MAC was not derived as OpenSSL derives it (is it SHA-256?)');
  }
  const remade = Buffer.from(changed);
  mac(changed).copy(remade, digest.valueStart);
  return remade;
}
