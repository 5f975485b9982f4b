// Changes a member's permissions: the areas named take their new level, the others keep theirs. The member's
// next request reads them (plugins/auth.ts), so the change applies at once.
import { withEveryArea } from '@common/team';
import type { SharedAccessChanges, TeamMember } from '@common/team-schemas';

import { findMember } from './find-member';
import { toTeamMember } from './member-rows';
import { recordAudit } from './record-audit';

import type { Actor } from './actor';
import type { TeamDeps } from './team-deps';

function definedLevels(changes: SharedAccessChanges): SharedAccessChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, level]) => level !== undefined));
}

export async function changeMemberAccess(
  { db }: TeamDeps,
  owner: Actor,
  id: string,
  changes: SharedAccessChanges,
): Promise<TeamMember> {
  const member = await findMember(db, owner.accountId, id);
  const access = { ...withEveryArea(member.shared_access), ...definedLevels(changes) };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('team_members')
      .set({ shared_access: JSON.stringify(access) })
      .where('id', '=', member.id)
      .execute();
    await recordAudit(trx, owner, {
      action: 'team_member.access_changed',
      object: { type: 'team_member', id: member.id, name: member.email },
    });
  });
  return toTeamMember(await findMember(db, owner.accountId, id));
}
