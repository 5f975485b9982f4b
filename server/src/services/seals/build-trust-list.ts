// Builds the trust list (common/seals/trust-list.ts) from every account's seal keys: each with the issuer name its
// public pages show and its verified custom domain. Ordered by creation so the same keys give the same bytes, and
// so the same ETag on every instance.
import type { TrustList, TrustedKey } from '@common/seals/trust-list';

import { sha256 } from '../../lib/sha256';
import { issuerName } from '../account/issuer-name';

import { sealHost } from './sign-seal';

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
    .innerJoin('users as u', 'u.id', 'k.account_id')
    .leftJoin('custom_domains as d', (join) =>
      join.onRef('d.account_id', '=', 'k.account_id').on('d.status', '=', 'verified'),
    )
    .select([
      'k.kid',
      'k.public_jwk',
      'k.status',
      'k.created_at',
      'k.retired_at',
      'k.revoked_at',
      'k.low_s_since',
      'u.organisation_name',
      'u.first_name',
      'u.last_name',
      'd.domain',
    ])
    .orderBy('k.created_at')
    .orderBy('k.kid')
    .execute();
  const keys = rows.map((row): TrustedKey => ({
    kty: 'EC',
    crv: 'P-256',
    x: row.public_jwk.x,
    y: row.public_jwk.y,
    kid: row.kid,
    alg: 'ES256',
    use: 'sig',
    issuer: issuerName(row.organisation_name, row.first_name, row.last_name),
    custom_domain: row.domain,
    status: row.status,
    created_at: row.created_at.toISOString(),
    retired_at: row.retired_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    low_s_since: row.low_s_since.toISOString(),
  }));
  const trustList: TrustList = { keys, service_hosts: [sealHost(config.PUBLIC_URL)] };
  const body = JSON.stringify(trustList);
  return { trustList, body, etag: `"${sha256(body)}"` };
}
