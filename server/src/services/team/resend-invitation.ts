// Sends a pending invitation again with a fresh link; the link mailed before stops working.
import { personName } from '../../lib/person-name';

import { findMember } from './find-member';
import { findOwner } from './find-owner';
import { invitationMessage, newInvitationLink } from './invitation-link';
import { toTeamMember } from './member-rows';
import { recordAudit } from './record-audit';
import { invitationErrors } from './team-errors';

import type { Actor } from './actor';
import type { InvitationToSend } from './invite-member';
import type { TeamDeps } from './team-deps';

export async function resendInvitation(
  { db, config, mailer }: TeamDeps,
  owner: Actor,
  id: string,
): Promise<InvitationToSend> {
  const member = await findMember(db, owner.accountId, id);
  if (member.status !== 'invited') throw invitationErrors.alreadyJoined();
  const link = newInvitationLink();
  await db.transaction().execute(async (trx) => {
    const renewed = await trx
      .updateTable('team_members')
      .set(link.columns)
      .where('id', '=', member.id)
      // Accepted a moment ago: there is nothing to send any more.
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) throw invitationErrors.alreadyJoined();
    await recordAudit(trx, owner, {
      action: 'team_member.invitation_resent',
      object: { type: 'team_member', id: member.id, name: member.email },
    });
  });
  const { first_name: firstName, last_name: lastName } = await findOwner(db, owner.accountId);
  const message = invitationMessage(config.PUBLIC_URL, {
    email: member.email,
    ownerName: personName(firstName, lastName),
    token: link.token,
  });
  return {
    member: toTeamMember(await findMember(db, owner.accountId, id)),
    sendMail: () => mailer.send(message),
  };
}
