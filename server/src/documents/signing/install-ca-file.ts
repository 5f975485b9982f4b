// The install's document-signing CA brought by the operator (DOCUMENT_CA_P12): a PKCS #12 file holding a CA's
// key and certificate, say an intermediate of the organisation's own PKI, in place of the CA the server makes.
// Opened in the securing worker (its key derivation costs what the file asks) and checked to be a CA that can
// certify the accounts' signing certificates; a file that is not is refused with what to fix, before the server
// serves.
import 'reflect-metadata';
import { createHash, webcrypto, X509Certificate } from 'node:crypto';

import { P12Signer } from '@libpdf/core';
import * as x509 from '@peculiar/x509';

import { InstallCaFileError } from './install-ca-file-error';
import { keyMatchesCertificate } from './issuer-certificate';

/** The CA's certificate and key as the install's CA row keeps them. */
export interface InstallCaFile {
  /** DER. */
  certificate: Uint8Array;
  pkcs8: Uint8Array;
  /** DER of the certificates above it that the file carries (an intermediate's root). */
  chain: Uint8Array[];
  sha256: string;
}

const refuse = (why: string) => new InstallCaFileError(`DOCUMENT_CA_P12 ${why}`);

function checkIsCa(der: Uint8Array, now: Date): void {
  const certificate = new x509.X509Certificate(new Uint8Array(der));
  if (!certificate.getExtension(x509.BasicConstraintsExtension)?.ca) {
    throw refuse('holds no CA certificate (basicConstraints CA:TRUE): it cannot certify others.');
  }
  const keyUsage = certificate.getExtension(x509.KeyUsagesExtension);
  if (keyUsage && (keyUsage.usages & x509.KeyUsageFlags.keyCertSign) === 0) {
    throw refuse('is a CA certificate whose key usage does not allow keyCertSign.');
  }
  if (certificate.notAfter <= now) {
    throw refuse(`holds a CA certificate that expired on ${certificate.notAfter.toISOString()}.`);
  }
  if (certificate.notBefore > now) {
    throw refuse(`holds a CA certificate valid only from ${certificate.notBefore.toISOString()}.`);
  }
  const { asymmetricKeyType, asymmetricKeyDetails } = new X509Certificate(der).publicKey;
  if (asymmetricKeyType !== 'ec' || asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw refuse(
      'holds a CA whose key is not ECDSA P-256, the curve the accounts’ certificates use.',
    );
  }
}

/** The file opened and checked; an InstallCaFileError says why it cannot be the install's CA. */
export async function openInstallCaFile(
  pkcs12: Uint8Array,
  password: string,
  now = new Date(),
): Promise<InstallCaFile> {
  const signer = await P12Signer.create(pkcs12, password).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw /password|integrity/i.test(message)
      ? refuse('cannot be opened with DOCUMENT_CA_P12_PASSWORD.')
      : refuse('is not a PKCS #12 file holding a private key and its certificate.');
  });
  checkIsCa(signer.certificate, now);
  if (!(await keyMatchesCertificate(signer))) {
    throw refuse('holds a private key that does not belong to its CA certificate.');
  }
  // libpdf keeps the key it imported (extractable) private: its signer has no other way to hand it over.
  const { privateKey } = signer as unknown as { privateKey: CryptoKey };
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', privateKey));
  return {
    certificate: signer.certificate,
    pkcs8,
    chain: signer.certificateChain,
    sha256: createHash('sha256').update(signer.certificate).digest('hex'),
  };
}
