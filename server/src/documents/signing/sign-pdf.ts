// The PAdES signature on a secured PDF (ETSI.CAdES.detached, SHA-256), appended as an incremental update: the
// stamped file is a byte-for-byte prefix of the signed one, so nothing drawn before is rewritten. Runs in the
// securing worker; the key arrives as PKCS #8 and never leaves it.
import { createHash, webcrypto } from 'node:crypto';

import { CryptoKeySigner, P12Signer, PDF, TimestampError, type Signer } from '@libpdf/core';

import {
  createTimestampClient,
  TimestampUnavailable,
  type TimestampSettings,
} from './timestamp-authority';

import type { CertifiedKey } from './document-certificates';

// Room for the CMS: the leaf and the CA certificate (~0.6 KB each as P-256) and the signature; a timestamp token
// brings the TSA's certificates (docs/signing.md). libpdf's 12 KB default would make a 1 KB PDF 26 KB.
const PLACEHOLDER_BYTES = { 'B-B': 4096, 'B-T': 8192 } as const;

/** A certificate from the install's CA (P-256), its key as PKCS #8. */
export interface CertifiedSigner extends CertifiedKey {
  /** The CA certificates above the signer's, nearest first (DER). */
  chain: Uint8Array[];
}

/** The issuer's own PKCS #12 file and its password, opened only here (issuer-certificate.ts checked it). */
export interface Pkcs12Signer {
  pkcs12: Uint8Array;
  password: string;
}

export type PdfSigner = CertifiedSigner | Pkcs12Signer;

export interface SignedPdf {
  bytes: Uint8Array;
  level: keyof typeof PLACEHOLDER_BYTES;
  signedAt: Date;
  /** The time the TSA vouched for (B-T); null at B-B. */
  timestampedAt: Date | null;
  /** Why a timestamp was asked for and not had (the TSA failed): the PDF is signed B-B instead. */
  timestampProblem: string | null;
}

// An issuer's own chain can be long and its keys RSA: the file's size bounds the certificates it brings.
function placeholderBytes(level: keyof typeof PLACEHOLDER_BYTES, signer: PdfSigner): number {
  return PLACEHOLDER_BYTES[level] + ('pkcs12' in signer ? signer.pkcs12.length : 0);
}

// Opening a PKCS #12 file derives its keys from the password (15-130 ms): each worker thread opens an issuer's
// file once and keeps the last few, so a bulk run does not pay it per row.
const OPENED_FILES_KEPT = 16;
const openedFiles = new Map<string, Promise<P12Signer>>();

function openedPkcs12({ pkcs12, password }: Pkcs12Signer): Promise<P12Signer> {
  const key = createHash('sha256').update(pkcs12).update(password).digest('hex');
  let opened = openedFiles.get(key);
  if (!opened) {
    opened = P12Signer.create(pkcs12, password);
    opened.catch(() => openedFiles.delete(key));
    openedFiles.set(key, opened);
    if (openedFiles.size > OPENED_FILES_KEPT) {
      openedFiles.delete(openedFiles.keys().next().value!);
    }
  }
  return opened;
}

async function libpdfSigner(signer: PdfSigner): Promise<Signer> {
  return 'pkcs12' in signer ? openedPkcs12(signer) : cryptoKeySigner(signer);
}

async function cryptoKeySigner(signer: CertifiedSigner): Promise<CryptoKeySigner> {
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    new Uint8Array(signer.pkcs8),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  return new CryptoKeySigner(
    privateKey as unknown as CryptoKey,
    signer.certificate,
    'EC',
    'ECDSA',
    signer.chain,
  );
}

interface SigningOptions {
  /** What readers show beside the signature. */
  reason: string;
  signedAt?: Date;
  /** TSA_URL's settings: a B-T signature when the TSA answers, else B-B. */
  timestamp?: TimestampSettings | null;
}

async function signAt(
  bytes: Uint8Array,
  signer: PdfSigner,
  { reason, signedAt }: { reason: string; signedAt: Date },
  timestamp: TimestampSettings | null,
): Promise<SignedPdf> {
  const pdf = await PDF.load(bytes);
  const tsa = timestamp && createTimestampClient(timestamp);
  const level = tsa ? 'B-T' : 'B-B';
  const result = await pdf.sign({
    signer: await libpdfSigner(signer),
    reason,
    signingTime: signedAt,
    subFilter: 'ETSI.CAdES.detached',
    level,
    ...(tsa && { timestampAuthority: tsa }),
    digestAlgorithm: 'SHA-256',
    estimatedSize: placeholderBytes(level, signer),
  });
  const timestampedAt = tsa?.lastTime ?? null;
  return { bytes: result.bytes, level, signedAt, timestampedAt, timestampProblem: null };
}

/** The PDF signed by `signer`: PAdES B-T when a TSA is set and answers, B-B otherwise. */
export async function signPdf(
  bytes: Uint8Array,
  signer: PdfSigner,
  { reason, signedAt = new Date(), timestamp = null }: SigningOptions,
): Promise<SignedPdf> {
  if (!timestamp) return signAt(bytes, signer, { reason, signedAt }, null);
  try {
    return await signAt(bytes, signer, { reason, signedAt }, timestamp);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const unavailable = [error, cause].find((item) => item instanceof TimestampUnavailable);
    if (!unavailable && !(error instanceof TimestampError)) throw error;
    // A fresh load: a failed sign may leave libpdf's document half-written.
    const signed = await signAt(bytes, signer, { reason, signedAt }, null);
    return { ...signed, timestampProblem: ((unavailable ?? error) as Error).message };
  }
}
