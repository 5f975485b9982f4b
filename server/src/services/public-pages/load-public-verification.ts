// Reads what the public page shows for a code, for the public-page cache.
import { sql, type Kysely } from 'kysely';

import { loadIssuerIdentities } from '../account/load-issuer-identities';
import { documentSignature, selectVerificationRows } from '../verifications/verification-rows';

import type { Database } from '../../db/schema';
import type { CachedPublicVerification } from './public-verification';

// What the credential says, not the template's is_achievement: that may have changed since it was issued. A deleted
// verification's emptied credential ('') is none.
const IS_OPEN_BADGE = sql<boolean>`coalesce(
  (nullif(issued.credential, '')::jsonb -> 'type') @> '["OpenBadgeCredential"]', false)`;

export async function loadPublicVerification(
  db: Kysely<Database>,
  code: string,
): Promise<CachedPublicVerification | null> {
  const row = await selectVerificationRows(db)
    .leftJoin('custom_domains as d', (join) =>
      join.onRef('d.account_id', '=', 'v.user_id').on('d.status', '=', 'verified'),
    )
    .select('d.domain as issuer_domain')
    .leftJoin('verification_credentials as issued', 'issued.verification_id', 'v.id')
    .select(IS_OPEN_BADGE.as('has_open_badge'))
    .where('v.code', '=', code)
    .executeTakeFirst();
  if (!row) return null;
  const issuer = (await loadIssuerIdentities(db, [row.user_id])).get(row.user_id)!;
  return {
    id: row.id,
    account_id: row.user_id,
    issuer_domain: row.issuer_domain,
    code: row.code,
    title: row.title,
    holder_name: row.holder_name,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    custom_fields: row.custom_fields,
    // The account's, whoever on the team created it.
    issuer,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revocation_reason: row.revocation_reason,
    replaced_by_code: row.replaced_by_code,
    original_sha256: row.original_sha256,
    secured_sha256: row.secured_sha256,
    earlier_secured_sha256: row.earlier_secured_sha256,
    signature: documentSignature(row),
    allow_download: row.allow_download,
    secured_size: row.secured_size,
    template_id: row.template_id,
    sealed: row.seal !== null,
    seal: row.seal,
    has_credential: Boolean(row.has_credential),
    has_open_badge: row.has_open_badge,
  };
}
