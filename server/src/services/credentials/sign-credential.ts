// Signs a credential with the account's P-256 seal key: a Data Integrity proof of the ecdsa-rdfc-2019 suite
// (docs/credentials.md). Canonicalising a credential of this size costs a few milliseconds on the event loop, as
// the ECDSA signature does; nothing here fetches (the loader answers the bundled contexts only).
// The credential libraries (jsonld and @digitalbazaar's, with undici under them: ~300 modules) are loaded with the
// first credential issued or key published, not at start: an idle server does not hold them.
import { createPrivateKey } from 'node:crypto';

import { bundledContextLoader } from './credential-contexts';
import { verificationMethodId } from './issuer-did';

/** The key a credential is signed with: the account's seal key, decrypted for this signature only. */
export interface CredentialSigningKey {
  kid: string;
  /** PKCS #8 DER. */
  privateKey: Uint8Array;
}

async function signerFor(did: string, key: CredentialSigningKey) {
  const jwk = createPrivateKey({
    key: Buffer.from(key.privateKey),
    format: 'der',
    type: 'pkcs8',
  }).export({ format: 'jwk' });
  const EcdsaMultikey = await import('@digitalbazaar/ecdsa-multikey');
  const keyPair = await EcdsaMultikey.fromJwk({
    jwk,
    secretKey: true,
    id: verificationMethodId(did, key.kid),
    controller: did,
  });
  return keyPair.signer();
}

/** `credential` (unsigned, its issuer `did`) with its proof. */
export async function signCredential<T extends object>(
  credential: T,
  did: string,
  key: CredentialSigningKey,
): Promise<T & { proof: object }> {
  const [{ DataIntegrityProof }, { cryptosuite: ecdsaRdfc2019 }, { issue }] = await Promise.all([
    import('@digitalbazaar/data-integrity'),
    import('@digitalbazaar/ecdsa-rdfc-2019-cryptosuite'),
    import('@digitalbazaar/vc'),
  ]);
  const suite = new DataIntegrityProof({
    signer: await signerFor(did, key),
    cryptosuite: ecdsaRdfc2019,
  });
  return issue({ credential, suite, documentLoader: bundledContextLoader });
}
