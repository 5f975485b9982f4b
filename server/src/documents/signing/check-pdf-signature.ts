// Checks the signature of a PDF as a validator would, with no trust in the file: the signed byte ranges against the
// CMS's message digest, the CMS signature against the signer's certificate, that certificate against the CAs the
// caller trusts (for `npm run verify`, the service's published CA), and every timestamp over what it stamps.
// verify-signed-data.ts does the cryptography. What follows the signature may only be what PAdES B-LT/B-LTA
// adds (later-revisions.ts): validation data and document timestamps.
import { createHash } from 'node:crypto';

import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';

import { addedAfterSignature, type AddedAfterSignature } from './later-revisions';
import { readTimestampToken } from './timestamp-authority';
import { verifySignedData } from './verify-signed-data';

import type { X509Certificate } from 'node:crypto';

const SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';
const DOCUMENT_TIMESTAMP = 'ETSI.RFC3161';

/** A time a time-stamping authority vouched for: of the signature itself, or of the whole file up to it. */
export interface ProvenTime {
  kind: 'signature' | 'document';
  /** ISO 8601. */
  time: string;
  /** The authority certificate's common name. */
  authority: string;
}

export type PdfSignatureCheck =
  | { state: 'unsigned' }
  | { state: 'invalid'; reason: string }
  | {
      state: 'valid';
      /** The signer certificate's common name. */
      signer: string;
      subFilter: string;
      /** The time the signature dictionary claims (/M), unproven without a timestamp. */
      claimedAt: string | null;
      /** Whether a trusted CA issued the signer's certificate (valid at the claimed time). */
      isTrusted: boolean;
      /** The signature's timestamp and the document timestamps after it, each checked, oldest first. */
      timestamps: ProvenTime[];
      /** What later revisions add: 'other content' is a change the signature does not cover. */
      addedAfter: AddedAfterSignature;
    };

/** One /ByteRange in the file and the signature dictionary around it. */
interface SignatureEntry {
  ranges: [number, number, number, number];
  subFilter: string;
  claimedAt: string | null;
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

function signatureEntries(pdf: Buffer): SignatureEntry[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
    (match) => {
      const [a, b, c, d] = match.slice(1).map(Number);
      if (a !== 0 || c < a + b || c + d > pdf.length) {
        throw new Error('its byte ranges are malformed');
      }
      // The dictionary holding this /ByteRange (its object, whatever the order of its keys): /SubFilter, /M.
      const objectStart = text.lastIndexOf(' obj', match.index);
      const objectEnd = text.indexOf('endobj', match.index);
      const around = text.slice(objectStart, objectEnd < 0 ? undefined : objectEnd);
      return {
        ranges: [a, b, c, d],
        subFilter: /\/SubFilter\s*\/([\w.]+)/.exec(around)?.[1] ?? 'unknown',
        claimedAt: pdfDate(/\/M\s*\((D:[^)]*)\)/.exec(around)?.[1]),
      };
    },
  );
}

/** The bytes a signature covers and its CMS (the hexadecimal /Contents between the two ranges). */
function signedParts(pdf: Buffer, [a, b, c, d]: SignatureEntry['ranges']) {
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new Error('its /Contents is not hexadecimal');
  return {
    content: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    cms: derPrefix(Buffer.from(hex, 'hex')),
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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** A timestamp token over `digest`, or the reason it fails the file. */
function provenTime(kind: ProvenTime['kind'], token: Buffer, digest: Buffer): ProvenTime {
  const checked = readTimestampToken(token, digest);
  if (!checked.ok) throw new Error(`its ${kind} timestamp fails: ${checked.reason}`);
  return { kind, time: checked.time.toISOString(), authority: commonName(checked.authority) };
}

/** The signature's own timestamp (B-T): an unsigned attribute stamping the signature value. */
function signatureTimestamp(signed: SignedData): ProvenTime | null {
  const signerInfo = signed.signerInfos[0];
  const attribute = signerInfo.unsignedAttrs?.find((item) => item.attrType === SIGNATURE_TIMESTAMP);
  if (!attribute) return null;
  const digest = sha256(Buffer.from(signerInfo.signature.buffer));
  return provenTime('signature', Buffer.from(attribute.attrValues[0]), digest);
}

function checkSignature(
  pdf: Buffer,
  entries: SignatureEntry[],
  trusted: X509Certificate[],
): PdfSignatureCheck {
  const signature = entries.findLast((entry) => entry.subFilter !== DOCUMENT_TIMESTAMP)!;
  const parts = signedParts(pdf, signature.ranges);
  const signed = AsnConvert.parse(AsnConvert.parse(parts.cms, ContentInfo).content, SignedData);
  const check = verifySignedData(signed, parts.content);
  if (!check.ok) return { state: 'invalid', reason: check.reason };
  const timestamps = [signatureTimestamp(signed)].filter((item) => item !== null);
  const signedEnd = signature.ranges[2] + signature.ranges[3];
  // The signature checked is the file's last (an upload may carry older ones): all after it are document
  // timestamps, each of which must stamp exactly the bytes its ranges cover.
  for (const entry of entries.filter((item) => item.ranges[2] > signedEnd)) {
    const stamped = signedParts(pdf, entry.ranges);
    timestamps.push(provenTime('document', stamped.cms, sha256(stamped.content)));
  }
  const at = signature.claimedAt ? new Date(signature.claimedAt) : new Date();
  return {
    state: 'valid',
    signer: commonName(check.signer),
    subFilter: signature.subFilter,
    claimedAt: signature.claimedAt,
    isTrusted: isIssuedByTrusted(check.signer, trusted, at),
    timestamps,
    addedAfter: addedAfterSignature(pdf, signedEnd),
  };
}

/** The PDF's signature checked against `trusted` CAs (PEM or DER certificates). */
export function checkPdfSignature(pdf: Buffer, trusted: X509Certificate[]): PdfSignatureCheck {
  let entries: SignatureEntry[];
  try {
    entries = signatureEntries(pdf);
  } catch (error) {
    return { state: 'invalid', reason: (error as Error).message };
  }
  if (!entries.some((entry) => entry.subFilter !== DOCUMENT_TIMESTAMP))
    return { state: 'unsigned' };
  try {
    return checkSignature(pdf, entries, trusted);
  } catch (error) {
    const reason = (error as Error).message;
    return {
      state: 'invalid',
      reason: reason.startsWith('its ') ? reason : 'its signature cannot be read',
    };
  }
}
