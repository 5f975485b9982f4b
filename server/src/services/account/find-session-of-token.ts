import { sha256 } from '../../lib/sha256';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The session (token family) an access token belongs to; null for a token the server does not know. */
export async function findSessionOfToken(
  db: Kysely<Database>,
  accessToken: string | undefined,
): Promise<string | null> {
  if (!accessToken) return null;
  const row = await db
    .selectFrom('auth_tokens')
    .select('family_id')
    .where('access_token_hash', '=', sha256(accessToken))
    .executeTakeFirst();
  return row?.family_id ?? null;
}
