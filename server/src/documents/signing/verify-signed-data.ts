// The one check of a CMS SignedData (RFC 5652) this project does itself, for a PDF's signature and for a
// time-stamping authority's token alike: the content's SHA-256 against the signed message digest, and the
// signature over the signed attributes against each enclosed certificate. node:crypto does the cryptography.
import { createHash, verify, X509Certificate } from 'node:crypto';

import { SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';

const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SHA256 = '2.16.840.1.101.3.4.2.1';

/** What the signed attributes sign: them as a DER SET (RFC 5652, 5.4), not as the [0] they are sent in. */
function derSet(items: Buffer[]): Buffer {
  const body = Buffer.concat(items);
  if (body.length < 0x80) return Buffer.concat([Buffer.from([0x31, body.length]), body]);
  const length = Buffer.from(body.length.toString(16).padStart(8, '0'), 'hex');
  const significant = length.subarray(length.findIndex((byte) => byte !== 0));
  return Buffer.concat([Buffer.from([0x31, 0x80 | significant.length]), significant, body]);
}

export type SignedDataCheck =
  | { ok: true; signer: X509Certificate; certificates: X509Certificate[] }
  | { ok: false; reason: string };

/** Checks the first signer of `signedData` over `content` (the detached or encapsulated bytes). */
export function verifySignedData(
  signedData: Buffer | SignedData,
  content: Buffer,
): SignedDataCheck {
  const signed =
    signedData instanceof SignedData ? signedData : AsnConvert.parse(signedData, SignedData);
  const signerInfo = signed.signerInfos[0];
  if (!signerInfo?.signedAttrs) return { ok: false, reason: 'it has no signed attributes' };
  if (signerInfo.digestAlgorithm.algorithm !== SHA256) {
    return { ok: false, reason: 'it uses a digest other than SHA-256' };
  }
  const digest = signerInfo.signedAttrs.find((attribute) => attribute.attrType === MESSAGE_DIGEST);
  // The attribute value is an OCTET STRING: tag, length (32), then the digest.
  const signedDigest = digest && Buffer.from(digest.attrValues[0]).subarray(2);
  if (!signedDigest?.equals(createHash('sha256').update(content).digest())) {
    return { ok: false, reason: 'the file was changed after it was signed' };
  }
  const attributes = derSet(
    signerInfo.signedAttrs.map((attribute) => Buffer.from(AsnConvert.serialize(attribute))),
  );
  const signature = Buffer.from(signerInfo.signature.buffer);
  const certificates = (signed.certificates ?? [])
    .filter((choice) => choice.certificate)
    .map((choice) => new X509Certificate(Buffer.from(AsnConvert.serialize(choice.certificate!))));
  const signer = certificates.find((certificate) =>
    verify('sha256', attributes, { key: certificate.publicKey, dsaEncoding: 'der' }, signature),
  );
  if (!signer) return { ok: false, reason: 'its signature does not match its certificate' };
  return { ok: true, signer, certificates };
}
