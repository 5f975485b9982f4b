// A verification's credential before it is signed: a W3C VC 2.0 credential whose subject is the holder and the
// secured document, or an Open Badges 3.0 OpenBadgeCredential when its template marks documents as achievements
// (docs/credentials.md). It states what the public page shows, nothing the template hides.
import { issuerWords, type IssuerIdentity } from '@common/issuer-identity';
import type { CustomField } from '@common/verifications-schemas';

import { CREDENTIALS_V2_CONTEXT, OPEN_BADGES_CONTEXT } from './credential-contexts';

// Our terms (safe mode refuses any undefined one). The issuer chooses its fields' names, so they are signed as one
// JSON value rather than as terms. Credentials v2 leaves the issuer's `url` undefined; Open Badges define it (and
// refuse its redefinition).
const QR_VERIFY_CONTEXT = {
  document: 'urn:qr-verify:document',
  documentFields: { '@id': 'urn:qr-verify:documentFields', '@type': '@json' },
};
const URL_CONTEXT = { url: { '@id': 'https://schema.org/url', '@type': '@id' } };

export interface CredentialFacts {
  /** The verification's public page: the credential's id. */
  url: string;
  title: string;
  /** Null when the template hides it. */
  holderName: string | null;
  /** YYYY-MM-DD */
  issueDate: string;
  expiryDate: string | null;
  /** The custom fields the template publishes. */
  fields: CustomField[];
  /** Hex, of the secured PDF. */
  securedSha256: string;
}

export interface CredentialIssuer {
  did: string;
  identity: IssuerIdentity;
  /** The verified custom domain, as https://{domain}; null when none. */
  url: string | null;
}

export interface Achievement {
  /** The template's id: the same achievement for each of its documents. */
  id: string;
  description: string;
  criteria: string;
  imageUrl: string | null;
}

export interface StatusEntry {
  listUrl: string;
  index: number;
}

/** VC 2.0's digestMultibase: a base64url multibase of the sha2-256 multihash. */
export function digestMultibase(sha256Hex: string): string {
  const multihash = Buffer.concat([Buffer.from([0x12, 0x20]), Buffer.from(sha256Hex, 'hex')]);
  return `u${multihash.toString('base64url')}`;
}

/** Proven identity first; a name the account gives itself only said as its own (common/issuer-identity.ts). */
export function credentialIssuerName(identity: IssuerIdentity): string {
  const words = issuerWords(identity);
  if (words.isProven) return words.name;
  if (identity.declared_name)
    return `${identity.declared_name} (as stated by the issuer, not verified)`;
  return 'An issuer whose name is not verified';
}

function document(facts: CredentialFacts) {
  const fields = Object.fromEntries(facts.fields.map((field) => [field.key, field.value]));
  return {
    name: facts.title,
    digestMultibase: digestMultibase(facts.securedSha256),
    ...(facts.fields.length > 0 ? { documentFields: fields } : {}),
  };
}

function plainSubject(facts: CredentialFacts) {
  return { ...(facts.holderName ? { name: facts.holderName } : {}), document: document(facts) };
}

function achievementSubject(facts: CredentialFacts, achievement: Achievement) {
  const holder = facts.holderName && {
    identifier: [
      {
        type: 'IdentityObject',
        identityHash: facts.holderName,
        identityType: 'name',
        hashed: false,
      },
    ],
  };
  return {
    type: ['AchievementSubject'],
    ...holder,
    achievement: {
      id: `urn:uuid:${achievement.id}`,
      type: ['Achievement'],
      name: facts.title,
      description: achievement.description || facts.title,
      criteria: { narrative: achievement.criteria || achievement.description || facts.title },
      ...(achievement.imageUrl ? { image: { id: achievement.imageUrl, type: 'Image' } } : {}),
    },
    document: document(facts),
  };
}

export function buildCredential(
  facts: CredentialFacts,
  issuer: CredentialIssuer,
  status: StatusEntry,
  achievement: Achievement | null,
) {
  const isBadge = achievement !== null;
  return {
    '@context': [
      CREDENTIALS_V2_CONTEXT,
      ...(isBadge
        ? [OPEN_BADGES_CONTEXT, QR_VERIFY_CONTEXT]
        : [{ ...URL_CONTEXT, ...QR_VERIFY_CONTEXT }]),
    ],
    id: facts.url,
    type: ['VerifiableCredential', ...(isBadge ? ['OpenBadgeCredential'] : [])],
    name: facts.title,
    issuer: {
      id: issuer.did,
      ...(isBadge ? { type: ['Profile'] } : {}),
      name: credentialIssuerName(issuer.identity),
      ...(issuer.url ? { url: issuer.url } : {}),
    },
    validFrom: `${facts.issueDate}T00:00:00Z`,
    // The expiry date is the last day it is valid (common/verifications.ts's status says so too).
    ...(facts.expiryDate ? { validUntil: `${facts.expiryDate}T23:59:59Z` } : {}),
    credentialSubject: achievement ? achievementSubject(facts, achievement) : plainSubject(facts),
    credentialStatus: {
      id: `${status.listUrl}#${status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(status.index),
      statusListCredential: status.listUrl,
    },
  };
}

export type UnsignedCredential = ReturnType<typeof buildCredential>;
