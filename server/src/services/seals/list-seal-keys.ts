// The account's seal keys, newest first, each with how many verifications carry a seal it made.
import { sql } from 'kysely';

import type { SealKey } from '@common/seals-schemas';

import type { Database } from '../../db/schema';
import type { SealKeyRow } from './seal-key-rows';
import type { Kysely } from 'kysely';

export function toSealKey(
  row: Pick<SealKeyRow, 'kid' | 'status' | 'created_at' | 'retired_at' | 'revoked_at'>,
  sealCount: number,
): SealKey {
  return {
    kid: row.kid,
    status: row.status,
    created_at: row.created_at.toISOString(),
    retired_at: row.retired_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    seal_count: sealCount,
  };
}

export async function listSealKeys(db: Kysely<Database>, accountId: string): Promise<SealKey[]> {
  const rows = await db
    .selectFrom('seal_keys as k')
    .select((eb) => [
      'k.kid',
      'k.status',
      'k.created_at',
      'k.retired_at',
      'k.revoked_at',
      eb
        .selectFrom('verifications as v')
        .select(sql<string>`count(*)`.as('count'))
        .whereRef('v.seal_kid', '=', 'k.kid')
        .where('v.user_id', '=', accountId)
        .as('seal_count'),
    ])
    .where('k.account_id', '=', accountId)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.kid')
    .execute();
  return rows.map((row) => toSealKey(row, Number(row.seal_count ?? 0)));
}
