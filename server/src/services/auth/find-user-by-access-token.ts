import { withEveryArea, type SharedAccess } from '@common/team';

import { sha256 } from '../../lib/sha256';
import { joinActiveMembership } from '../team/active-membership';

import type { Database } from '../../db/schema';
import type { Actor } from '../team/actor';
import type { Kysely } from 'kysely';

export interface AuthenticatedUser extends Actor {
  email: string;
  /** A shared user's permissions as they are now (read on every request); null for an owner. */
  access: SharedAccess | null;
  /** A shared user's membership, and when they were last seen; null for an owner. */
  member: { id: string; lastActiveAt: Date | null } | null;
  /** The API key the request was made with (it then acts as the account's owner); null for a token. */
  apiKey: { id: string; lastUsedAt: Date | null } | null;
}

/**
 * The user a live (unexpired, unrevoked) access token belongs to, if any, with the account they work on. A shared
 * user counts only while their membership lasts: a removed member's tokens stop working at once.
 */
export async function findUserByAccessToken(
  db: Kysely<Database>,
  accessToken: string,
): Promise<AuthenticatedUser | undefined> {
  const row = await db
    .selectFrom('users as u')
    .$call(joinActiveMembership)
    .innerJoin('auth_tokens', 'auth_tokens.user_id', 'u.id')
    .select([
      'u.id',
      'u.email',
      'u.owner_id',
      'm.id as member_id',
      'm.shared_access',
      'm.last_active_at',
    ])
    .where('auth_tokens.access_token_hash', '=', sha256(accessToken))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.access_expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.owner_id === null) {
    return {
      id: row.id,
      email: row.email,
      accountId: row.id,
      access: null,
      member: null,
      apiKey: null,
    };
  }
  if (row.member_id === null || row.shared_access === null) return undefined;
  return {
    id: row.id,
    email: row.email,
    accountId: row.owner_id,
    access: withEveryArea(row.shared_access),
    member: { id: row.member_id, lastActiveAt: row.last_active_at },
    apiKey: null,
  };
}
