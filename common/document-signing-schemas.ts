// The document-signing settings API's shapes (/api/settings/document-signing/), written once: the server validates
// and serialises with these schemas, the SPA imports their inferred types (docs/signing.md).
import { z } from 'zod';

/** The largest .p12/.pfx accepted: a certificate chain and a key are a few kilobytes. */
export const ISSUER_CERTIFICATE_MAX_BYTES = 64 * 1024;

/** An issuer's own certificate, as the settings screen shows it. */
export const issuerCertificateSchema = z.object({
  /** Distinguished names, "CN=…, O=…". */
  subject: z.string(),
  issuer: z.string(),
  common_name: z.string(),
  /** "RSA 3072", "ECDSA P-256". */
  key: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** SHA-256 of the certificate's DER, lower-case hex. */
  sha256_fingerprint: z.string(),
  uploaded_at: z.string(),
});
export type IssuerCertificate = z.infer<typeof issuerCertificateSchema>;

/**
 * issuer_certificate: the account's own certificate signs its PDFs; service_ca: the install's CA signs them, in
 * the name it may certify (docs/signing.md), because none was uploaded or the uploaded one has expired.
 */
export const documentSigningSchema = z.object({
  signer: z.enum(['issuer_certificate', 'service_ca']),
  /** The name PDF readers show for the next document signed. */
  signer_name: z.string(),
  /** The uploaded certificate, also once it has expired; null when none is. */
  certificate: issuerCertificateSchema.nullable(),
  /** The install CA's certificate (PEM), for validators asked to trust it. */
  service_ca_url: z.string(),
});
export type DocumentSigning = z.infer<typeof documentSigningSchema>;
