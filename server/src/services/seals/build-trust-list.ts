// Builds the trust list (common/seals/trust-list.ts) from every account's seal keys: each with its account's issuer
// identity, as far as it is proven (load-issuer-identities.ts), and its verified custom domain. Ordered by creation so the same keys give the same bytes, and
// so the same ETag on every instance.
import type { TrustList, TrustedKey } from '@common/seals/trust-list';

import { sealHost } from '../../documents/sign-seal';
import { sha256 } from '../../lib/sha256';
import { loadIssuerIdentities } from '../account/load-issuer-identities';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { ServedTrustList } from '../public-pages/public-page-cache';
import type { Kysely } from 'kysely';

export async function buildTrustList(
  db: Kysely<Database>,
  config: Pick<Config, 'PUBLIC_URL'>,
): Promise<ServedTrustList> {
  const rows = await db
    .selectFrom('seal_keys as k')
    .select([
      'k.account_id',
      'k.kid',
      'k.public_jwk',
      'k.status',
      'k.created_at',
      'k.retired_at',
      'k.revoked_at',
      'k.low_s_since',
    ])
    .orderBy('k.created_at')
    .orderBy('k.kid')
    .execute();
  const issuers = await loadIssuerIdentities(
    db,
    rows.map((row) => row.account_id),
  );
  const keys = rows.flatMap((row): TrustedKey[] => {
    const issuer = issuers.get(row.account_id);
    if (!issuer) return [];
    return [
      {
        kty: 'EC',
        crv: 'P-256',
        x: row.public_jwk.x,
        y: row.public_jwk.y,
        kid: row.kid,
        alg: 'ES256',
        use: 'sig',
        issuer: issuer.issuer,
        issuer_proof: issuer.issuer_proof,
        declared_name: issuer.declared_name,
        declared_name_withheld: issuer.declared_name_withheld,
        custom_domain: issuer.issuer_proof === 'domain' ? issuer.issuer : null,
        status: row.status,
        created_at: row.created_at.toISOString(),
        retired_at: row.retired_at?.toISOString() ?? null,
        revoked_at: row.revoked_at?.toISOString() ?? null,
        low_s_since: row.low_s_since.toISOString(),
      },
    ];
  });
  const trustList: TrustList = { keys, service_hosts: [sealHost(config.PUBLIC_URL)] };
  const body = JSON.stringify(trustList);
  return { trustList, body, etag: `"${sha256(body)}"` };
}
