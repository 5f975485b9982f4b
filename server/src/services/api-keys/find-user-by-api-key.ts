// A live API key stands for its account's owner: the API answers it as it answers the owner's own token, and
// plugins/auth.ts narrows what it may call (see apiKeyMayCall there).
import { sha256 } from '../../lib/sha256';

import type { Database } from '../../db/schema';
import type { AuthenticatedUser } from '../auth/find-user-by-access-token';
import type { Kysely } from 'kysely';

/** The owner of the account a live (unrevoked) key belongs to, marked as coming from that key; or undefined. */
export async function findUserByApiKey(
  db: Kysely<Database>,
  key: string,
): Promise<AuthenticatedUser | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.account_id')
    .select(['k.id', 'k.last_used_at', 'u.id as owner_id', 'u.email'])
    .where('k.key_hash', '=', sha256(key))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.owner_id,
    email: row.email,
    accountId: row.owner_id,
    access: null,
    member: null,
    apiKey: { id: row.id, lastUsedAt: row.last_used_at },
  };
}
