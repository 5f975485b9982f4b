// The PAdES signature on a secured PDF (ETSI.CAdES.detached, SHA-256), appended as an incremental update: the
// stamped file is a byte-for-byte prefix of the signed one, so nothing drawn before is rewritten. Runs in the
// securing worker; the key arrives as PKCS #8 and never leaves it.
import { webcrypto } from 'node:crypto';

import { CryptoKeySigner, PDF } from '@libpdf/core';

import type { CertifiedKey } from './document-certificates';

// Room for the CMS: the leaf and the CA certificate (~0.6 KB each as P-256) and the signature. A B-T timestamp
// needs more (docs/signing.md); libpdf's 12 KB default would make a 1 KB PDF 26 KB.
const BASELINE_PLACEHOLDER_BYTES = 4096;

export interface PdfSigner extends CertifiedKey {
  /** The CA certificates above the signer's, nearest first (DER). */
  chain: Uint8Array[];
}

export interface SignedPdf {
  bytes: Uint8Array;
  level: 'B-B';
  signedAt: Date;
}

async function cryptoKeySigner(signer: PdfSigner): Promise<CryptoKeySigner> {
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

/** The PDF signed at PAdES B-B by `signer`; `reason` is what readers show beside the signature. */
export async function signPdf(
  bytes: Uint8Array,
  signer: PdfSigner,
  { reason, signedAt = new Date() }: { reason: string; signedAt?: Date },
): Promise<SignedPdf> {
  const pdf = await PDF.load(bytes);
  const result = await pdf.sign({
    signer: await cryptoKeySigner(signer),
    reason,
    signingTime: signedAt,
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    digestAlgorithm: 'SHA-256',
    estimatedSize: BASELINE_PLACEHOLDER_BYTES,
  });
  return { bytes: result.bytes, level: 'B-B', signedAt };
}
