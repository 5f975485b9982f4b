// Signs a credential with the account's P-256 seal key: a Data Integrity proof of the ecdsa-rdfc-2019 suite
// (docs/credentials.md). Canonicalising a credential of this size costs a few milliseconds on the event loop, as
// the ECDSA signature does; nothing here fetches (the loader answers the bundled contexts only).
import { createPrivateKey } from 'node:crypto';

import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as EcdsaMultikey from '@digitalbazaar/ecdsa-multikey';
import { cryptosuite as ecdsaRdfc2019 } from '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite';
import { issue } from '@digitalbazaar/vc';

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
  const suite = new DataIntegrityProof({
    signer: await signerFor(did, key),
    cryptosuite: ecdsaRdfc2019,
  });
  return issue({ credential, suite, documentLoader: bundledContextLoader });
}
