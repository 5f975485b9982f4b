import { sha256 } from '../../lib/sha256';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** RFC 7009 revocation: either token of a pair ends both; an unknown token is not an error. */
export async function revokeToken(db: Kysely<Database>, token: string): Promise<void> {
  const tokenHash = sha256(token);
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date(), revoked_reason: 'revoked' })
    .where((eb) =>
      eb.or([eb('access_token_hash', '=', tokenHash), eb('refresh_token_hash', '=', tokenHash)]),
    )
    .where('revoked_at', 'is', null)
    .execute();
}
