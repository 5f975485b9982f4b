// The trust list served at /.well-known/jwks.json: every account's seal keys as a JWK Set, each key with who it
// belongs to and whether it still signs. Scanners keep a copy; a key revoked reaches them on their next sync.

import type { IssuerIdentity } from '../issuer-identity';

export const TRUST_LIST_PATH = '/.well-known/jwks.json';

export const SEAL_KEY_STATUSES = ['active', 'retired', 'revoked'] as const;
export type SealKeyStatus = (typeof SEAL_KEY_STATUSES)[number];

/**
 * A P-256 public key (RFC 7517) with the issuer facts a verifier shows: `issuer` is who holds the key as far as it
 * is proven (common/issuer-identity.ts), `declared_name` the name its account gives itself.
 */
export interface TrustedKey extends IssuerIdentity {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
  /** The account's verified custom domain (host only), whose QR codes are as genuine as ours. */
  custom_domain: string | null;
  status: SealKeyStatus;
  created_at: string;
  retired_at: string | null;
  /** Seals made at or after this time fail. */
  revoked_at: string | null;
  /**
   * Seals made at or after this time are signed in low-S form and their high-S twin fails; earlier ones were
   * printed in either form. Absent from trust lists older than the rule.
   */
  low_s_since?: string;
}

export interface TrustList {
  keys: TrustedKey[];
  /** The hosts of the service itself (PUBLIC_URL's), where any account's codes may point. */
  service_hosts: string[];
}
