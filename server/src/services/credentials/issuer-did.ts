// Each account is a did:web issuer (docs/credentials.md): did:web:{PUBLIC_URL host}:issuers:{account id}, and
// did:web:{domain} once a custom domain is verified. Its DID document lists the account's seal keys, active and
// retired, as Multikeys for assertionMethod (one key for the seal and the credential); a revoked key is left out,
// so what it signed no longer verifies.
import { DID_CONTEXT, MULTIKEY_CONTEXT } from './credential-contexts';

import type { SealPublicJwk } from '../../db/schema';

/** did:web's form of a host: its port's colon percent-encoded, as the method requires. */
function didWebHost(host: string): string {
  return host.toLowerCase().replace(':', '%3A');
}

/** The account's DID under our own host: stable whatever its domain or name becomes. */
export function accountDid(publicUrl: string, accountId: string): string {
  return `did:web:${didWebHost(new URL(publicUrl).host)}:issuers:${accountId}`;
}

export function domainDid(domain: string): string {
  return `did:web:${didWebHost(domain)}`;
}

/** The verification method a key is named by in `did`'s document. */
export function verificationMethodId(did: string, kid: string): string {
  return `${did}#${kid}`;
}

export interface DidKey {
  kid: string;
  public_jwk: SealPublicJwk;
}

export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: {
    id: string;
    type: 'Multikey';
    controller: string;
    publicKeyMultibase: string;
  }[];
  assertionMethod: string[];
  alsoKnownAs?: string[];
}

async function publicKeyMultibase(jwk: SealPublicJwk): Promise<string> {
  // Loaded on first use, as the other credential libraries are (sign-credential.ts).
  const EcdsaMultikey = await import('@digitalbazaar/ecdsa-multikey');
  const key = await EcdsaMultikey.fromJwk({ jwk, secretKey: false });
  return (await key.export({ publicKey: true, includeContext: false })).publicKeyMultibase;
}

/** `did`'s document with `keys` (the account's active and retired seal keys). */
export async function didDocument(
  did: string,
  keys: DidKey[],
  alsoKnownAs: string[] = [],
): Promise<DidDocument> {
  const methods = await Promise.all(
    keys.map(async (key) => ({
      id: verificationMethodId(did, key.kid),
      type: 'Multikey' as const,
      controller: did,
      publicKeyMultibase: await publicKeyMultibase(key.public_jwk),
    })),
  );
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    ...(alsoKnownAs.length > 0 ? { alsoKnownAs } : {}),
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}
