// The one rule for "a user's team membership that counts": an active one (not invited, not removed). Used where a
// user is read together with it (sign-in, the profile, invitations), in the same query.
import type { Database } from '../../db/schema';
import type { SelectQueryBuilder } from 'kysely';

type WithUserAsU = Database & { u: Database['users'] };

/**
 * Left-joins `m`, the active membership of the user `u`: of the account they work on (`u.owner_id`) or, for
 * `'any-account'`, of any account (a user is active on one team at most). Its columns are null for an owner, a
 * user whose invitation is still open, and a removed member. Call it first, on `selectFrom('users as u')`; join
 * other tables after it.
 */
export function joinActiveMembership<O>(
  query: SelectQueryBuilder<WithUserAsU, 'u', O>,
  scope: 'own-account' | 'any-account' = 'own-account',
) {
  return query.leftJoin('team_members as m', (join) => {
    const ofUser = join.onRef('m.user_id', '=', 'u.id').on('m.status', '=', 'active');
    return scope === 'own-account' ? ofUser.onRef('m.account_id', '=', 'u.owner_id') : ofUser;
  });
}
