import { sha256 } from '../../lib/secrets';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface AuthenticatedUser {
  id: string;
  email: string;
}

/** The user a live (unexpired, unrevoked) access token belongs to, if any. */
export async function findUserByAccessToken(
  db: Kysely<Database>,
  accessToken: string,
): Promise<AuthenticatedUser | undefined> {
  return db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['users.id', 'users.email'])
    .where('auth_tokens.access_token_hash', '=', sha256(accessToken))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.access_expires_at', '>', new Date())
    .executeTakeFirst();
}
