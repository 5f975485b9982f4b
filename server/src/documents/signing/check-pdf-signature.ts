// Checks the last signature of a PDF as a validator would, with no trust in the file: the signed byte ranges
// against the CMS's message digest, the CMS signature against the signer's certificate, and that certificate
// against the CAs the caller trusts (for `npm run verify`, the service's published CA); verify-signed-data.ts
// does the cryptography.

import { ContentInfo } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';

import { verifySignedData } from './verify-signed-data';

import type { X509Certificate } from 'node:crypto';

export type PdfSignatureCheck =
  | { state: 'unsigned' }
  | { state: 'invalid'; reason: string }
  | {
      state: 'valid';
      /** The signer certificate's common name. */
      signer: string;
      subFilter: string;
      /** The time the signature dictionary claims (/M), unproven at B-B. */
      claimedAt: string | null;
      /** Whether a trusted CA issued the signer's certificate (valid at the claimed time). */
      isTrusted: boolean;
      /** False when bytes were appended after the signature (a later revision). */
      coversWholeFile: boolean;
    };

interface SignedParts {
  content: Buffer;
  cms: Buffer;
  subFilter: string;
  claimedAt: string | null;
  coversWholeFile: boolean;
}

/** The DER value at the start of `bytes`, cut at its own length (the placeholder pads it with zeros). */
function derPrefix(bytes: Buffer): Buffer {
  if (bytes.length < 2) return bytes;
  const first = bytes[1];
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const octets = first & 0x7f;
  return bytes.subarray(0, 2 + octets + bytes.readUIntBE(2, octets));
}

/** "D:20261206203524Z" or "D:20261206203524+00'00'" as ISO 8601. */
function pdfDate(text: string | undefined): string | null {
  const match = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`).toISOString();
}

function lastSignedParts(pdf: Buffer): SignedParts | null {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(
    -1,
  );
  if (!ranges) return null;
  const [a, b, c, d] = ranges.slice(1).map(Number);
  if (a !== 0 || c < a + b || c + d > pdf.length) throw new Error('its byte ranges are malformed');
  // The signature dictionary holding this /ByteRange (its object, whatever the order of its keys): /SubFilter, /M.
  const objectStart = text.lastIndexOf(' obj', ranges.index);
  const objectEnd = text.indexOf('endobj', ranges.index);
  const around = text.slice(objectStart, objectEnd < 0 ? undefined : objectEnd);
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new Error('its /Contents is not hexadecimal');
  return {
    content: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    cms: derPrefix(Buffer.from(hex, 'hex')),
    subFilter: /\/SubFilter\s*\/([\w.]+)/.exec(around)?.[1] ?? 'unknown',
    claimedAt: pdfDate(/\/M\s*\((D:[^)]*)\)/.exec(around)?.[1]),
    coversWholeFile: c + d === pdf.length,
  };
}

function commonName(certificate: X509Certificate): string {
  return /(?:^|\n)CN=([^\n]*)/.exec(certificate.subject)?.[1] ?? certificate.subject;
}

function isIssuedByTrusted(certificate: X509Certificate, trusted: X509Certificate[], at: Date) {
  const within = (cert: X509Certificate) =>
    new Date(cert.validFrom) <= at && at <= new Date(cert.validTo);
  return (
    within(certificate) &&
    trusted.some(
      (ca) => within(ca) && certificate.checkIssued(ca) && certificate.verify(ca.publicKey),
    )
  );
}

function checkCms(parts: SignedParts, trusted: X509Certificate[]): PdfSignatureCheck {
  const info = AsnConvert.parse(parts.cms, ContentInfo);
  const check = verifySignedData(Buffer.from(info.content), parts.content);
  if (!check.ok) return { state: 'invalid', reason: check.reason };
  const at = parts.claimedAt ? new Date(parts.claimedAt) : new Date();
  return {
    state: 'valid',
    signer: commonName(check.signer),
    subFilter: parts.subFilter,
    claimedAt: parts.claimedAt,
    isTrusted: isIssuedByTrusted(check.signer, trusted, at),
    coversWholeFile: parts.coversWholeFile,
  };
}

/** The PDF's last signature checked against `trusted` CAs (PEM or DER certificates). */
export function checkPdfSignature(pdf: Buffer, trusted: X509Certificate[]): PdfSignatureCheck {
  let parts: SignedParts | null;
  try {
    parts = lastSignedParts(pdf);
  } catch (error) {
    return { state: 'invalid', reason: (error as Error).message };
  }
  if (!parts) return { state: 'unsigned' };
  try {
    return checkCms(parts, trusted);
  } catch {
    return { state: 'invalid', reason: 'its signature cannot be read' };
  }
}
