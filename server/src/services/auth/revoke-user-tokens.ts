import type { Database, TokenRevokedReason } from '../../db/schema';
import type { Kysely } from 'kysely';

/** Ends every token pair the user holds (signed out on every device). */
export async function revokeUserTokens(
  db: Kysely<Database>,
  userId: string,
  reason: TokenRevokedReason,
): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
