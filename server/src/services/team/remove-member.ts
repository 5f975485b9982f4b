// Removes a member or withdraws an invitation: the unused link dies with the row, and a member's tokens are
// revoked, so their next request is a 401. Their user stays, so the records they made still name them.
import { isUuid } from '../../lib/uuid';
import { revokeUserTokens } from '../auth/revoke-user-tokens';

import { recordAudit } from './record-audit';
import { memberNotFound } from './team-errors';

import type { Actor } from './actor';
import type { TeamDeps } from './team-deps';

export async function removeMember({ db }: TeamDeps, owner: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw memberNotFound();
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('team_members')
      .where('id', '=', id)
      .where('account_id', '=', owner.accountId)
      .returning(['id', 'email', 'user_id'])
      .executeTakeFirst();
    if (!removed) throw memberNotFound();
    if (removed.user_id) await revokeUserTokens(trx, removed.user_id, 'revoked');
    await recordAudit(trx, owner, {
      action: 'team_member.removed',
      object: { type: 'team_member', id: removed.id, name: removed.email },
    });
  });
}
