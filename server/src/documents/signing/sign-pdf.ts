// The PAdES signature on a secured PDF (ETSI.CAdES.detached, SHA-256), appended as an incremental update: the
// stamped file is a byte-for-byte prefix of the signed one, so nothing drawn before is rewritten. Runs in the
// securing worker; the key arrives as PKCS #8 and never leaves it.
import { createHash, webcrypto } from 'node:crypto';

import {
  CryptoKeySigner,
  P12Signer,
  PDF,
  TimestampError,
  type RevocationProvider,
  type Signer,
} from '@libpdf/core';

import type { SignatureLevel } from '@common/verifications';

import {
  createTimestampClient,
  TimestampUnavailable,
  type TimestampClient,
  type TimestampSettings,
} from './timestamp-authority';

import type { CertifiedKey } from './document-certificates';

// Room for the CMS: the leaf and the CA certificate (~0.6 KB each as P-256) and the signature; a timestamp token
// brings the TSA's certificates (docs/signing.md). libpdf's 12 KB default would make a 1 KB PDF 26 KB.
const SIGNATURE_BYTES = 4096;
const TIMESTAMP_TOKEN_BYTES = 4096;
/** A document timestamp holds a token alone, with the TSA's certificates (a real TSA's chain is a few KB). */
const DOCUMENT_TIMESTAMP_BYTES = 8192;

/** A certificate from the install's CA (P-256), its key as PKCS #8. */
export interface CertifiedSigner extends CertifiedKey {
  /** The CA certificates above the signer's, nearest first (DER). */
  chain: Uint8Array[];
  /** The CA's current revocation list (DER): the validation data a B-LT file carries for the signer. */
  revocationList?: Uint8Array | null;
}

/** The issuer's own PKCS #12 file and its password, opened only here (issuer-certificate.ts checked it). */
export interface Pkcs12Signer {
  pkcs12: Uint8Array;
  password: string;
}

export type PdfSigner = CertifiedSigner | Pkcs12Signer;

export interface SignedPdf {
  bytes: Uint8Array;
  level: SignatureLevel;
  signedAt: Date;
  /** The time the TSA vouched for (B-T); null at B-B. */
  timestampedAt: Date | null;
  /** Why a timestamp was asked for and not had (the TSA failed): the PDF is signed B-B instead. */
  timestampProblem: string | null;
}

// An issuer's own chain can be long and its keys RSA: the file's size bounds the certificates it brings.
function placeholderBytes(isTimestamped: boolean, signer: PdfSigner): number {
  const own = 'pkcs12' in signer ? signer.pkcs12.length : 0;
  return SIGNATURE_BYTES + (isTimestamped ? TIMESTAMP_TOKEN_BYTES : 0) + own;
}

/** A certificate the install's CA issued, with the CA's revocation list that covers it (both DER). */
export interface KnownRevocation {
  certificate: Uint8Array;
  revocationList: Uint8Array;
}

/**
 * The revocation data the server has, and only that: the install CA's list for the certificates it issued. Nothing
 * is fetched from the URLs a certificate names (an uploaded one could point anywhere).
 */
function knownRevocationData(known: KnownRevocation[]): RevocationProvider {
  return {
    getOCSP: async () => null,
    getCRL: async (certificate) =>
      known.find((entry) => Buffer.from(entry.certificate).equals(certificate))?.revocationList ??
      null,
  };
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

/** The revocation data a signer's validation material can carry: the install CA's list for its certificate. */
function revocationsOf(signer: PdfSigner): KnownRevocation[] {
  if ('pkcs12' in signer || !signer.revocationList) return [];
  return [{ certificate: signer.certificate, revocationList: signer.revocationList }];
}

/** Whether `error` is the TSA failing (down, slow, refusing, lying), which never stops a signature. */
export function timestampFailure(error: unknown): Error | null {
  const cause = (error as { cause?: unknown }).cause;
  const unavailable = [error, cause].find((item) => item instanceof TimestampUnavailable);
  if (unavailable) return unavailable as Error;
  return error instanceof TimestampError ? error : null;
}

/**
 * The document timestamp (ETSI.RFC3161) over everything before it, with the TSA's own validation data after it:
 * B-LTA. It re-proves the signature and its validation data while the algorithms last.
 */
async function addArchivalTimestamp(
  pdf: PDF,
  tsa: TimestampClient,
  known: KnownRevocation[],
): Promise<Uint8Array> {
  const { bytes } = await pdf.addTimestamp({
    timestampAuthority: tsa,
    longTermValidation: true,
    revocationProvider: knownRevocationData(known),
    estimatedSize: DOCUMENT_TIMESTAMP_BYTES,
  });
  return bytes;
}

async function signAt(
  bytes: Uint8Array,
  signer: PdfSigner,
  { reason, signedAt }: { reason: string; signedAt: Date },
  timestamp: TimestampSettings | null,
): Promise<SignedPdf> {
  const pdf = await PDF.load(bytes);
  const tsa = timestamp && createTimestampClient(timestamp);
  const known = revocationsOf(signer);
  // Validation data only where the server has it all (the install CA's): an uploaded certificate's chain and
  // revocation data are the CA's to publish, and its URLs are never followed.
  const isLongTerm = tsa !== null && known.length > 0;
  const level = !tsa ? 'B-B' : isLongTerm ? 'B-LT' : 'B-T';
  const result = await pdf.sign({
    signer: await libpdfSigner(signer),
    reason,
    signingTime: signedAt,
    subFilter: 'ETSI.CAdES.detached',
    level,
    ...(tsa && { timestampAuthority: tsa }),
    ...(isLongTerm && { revocationProvider: knownRevocationData(known) }),
    digestAlgorithm: 'SHA-256',
    estimatedSize: placeholderBytes(tsa !== null, signer),
  });
  const signed: SignedPdf = {
    bytes: result.bytes,
    level,
    signedAt,
    timestampedAt: tsa?.lastTime ?? null,
    timestampProblem: null,
  };
  if (!isLongTerm) return signed;
  try {
    return { ...signed, bytes: await addArchivalTimestamp(pdf, tsa, known), level: 'B-LTA' };
  } catch (error) {
    const failure = timestampFailure(error);
    if (!failure) throw error;
    // The signature and its validation data stand (B-LT); the upgrade job adds the archival timestamp later.
    return { ...signed, timestampProblem: `no document timestamp: ${failure.message}` };
  }
}

/**
 * The PDF signed by `signer`: with a TSA that answers, B-LTA for the install CA's certificates (the server has
 * their validation data) and B-T for an issuer's own; B-B without a TSA or while it fails (`timestampProblem`
 * says why, and upgradeSignature adds the timestamp later).
 */
export async function signPdf(
  bytes: Uint8Array,
  signer: PdfSigner,
  { reason, signedAt = new Date(), timestamp = null }: SigningOptions,
): Promise<SignedPdf> {
  if (!timestamp) return signAt(bytes, signer, { reason, signedAt }, null);
  try {
    return await signAt(bytes, signer, { reason, signedAt }, timestamp);
  } catch (error) {
    const failure = timestampFailure(error);
    if (!failure) throw error;
    // A fresh load: a failed sign may leave libpdf's document half-written.
    const signed = await signAt(bytes, signer, { reason, signedAt }, null);
    return { ...signed, timestampProblem: failure.message };
  }
}

export interface UpgradedPdf {
  bytes: Uint8Array;
  level: SignatureLevel;
  /**
   * The new timestamp's time (ISO 8601: a Date does not cross the worker's boundary as one); null when the
   * signature's own timestamp still dates it (B-LT to B-LTA).
   */
  timestampedAt: string | null;
}

/**
 * Adds what a signature made while the TSA failed lacks, as incremental updates after it (its bytes untouched):
 * to a B-B signature a document timestamp, which dates it (B-T), with the validation data before and after it
 * when the server has it (B-LT); to a B-LT one its archival timestamp (B-LTA). Throws TimestampUnavailable while
 * the TSA still fails.
 */
export interface SignatureUpgrade {
  /** The signature's level now: B-B, or B-LT when only its archival timestamp is missing. */
  level: SignatureLevel;
  /** The revocation data the server has for the signer (none for an issuer's own certificate). */
  known: KnownRevocation[];
  timestamp: TimestampSettings;
}

export async function upgradeSignature(
  bytes: Uint8Array,
  { level, known, timestamp }: SignatureUpgrade,
): Promise<UpgradedPdf> {
  const pdf = await PDF.load(bytes);
  const tsa = createTimestampClient(timestamp);
  if (level === 'B-LT') {
    return {
      bytes: await addArchivalTimestamp(pdf, tsa, known),
      level: 'B-LTA',
      timestampedAt: null,
    };
  }
  if (level !== 'B-B') throw new Error(`A ${level} signature needs no upgrade`);
  const hasValidationData = known.length > 0;
  if (hasValidationData) {
    await pdf.addValidationData({ revocationProvider: knownRevocationData(known) });
  }
  const { bytes: upgraded } = await pdf.addTimestamp({
    timestampAuthority: tsa,
    longTermValidation: hasValidationData,
    revocationProvider: knownRevocationData(known),
    estimatedSize: DOCUMENT_TIMESTAMP_BYTES,
  });
  return {
    bytes: upgraded,
    level: hasValidationData ? 'B-LT' : 'B-T',
    timestampedAt: tsa.lastTime?.toISOString() ?? null,
  };
}
