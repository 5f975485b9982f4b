// Invites an email to the owner's team with a permission set, and hands back the mail to send. An owner, an email
// already on this team, one with its own account or one working on another account cannot be invited; a removed
// member of any team can be, again.
import { withEveryArea } from '@common/team';
import type { InviteMember, TeamMember } from '@common/team-schemas';

import { lockAccount } from '../../db/lock-account';
import { personName } from '../../lib/person-name';

import { joinActiveMembership } from './active-membership';
import { findMember } from './find-member';
import { findOwner } from './find-owner';
import { invitationMessage, newInvitationLink } from './invitation-link';
import { toTeamMember } from './member-rows';
import { recordAudit } from './record-audit';
import { invitationErrors } from './team-errors';

import type { Database } from '../../db/schema';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Actor } from './actor';
import type { TeamDeps } from './team-deps';
import type { Kysely, Transaction } from 'kysely';

export interface InvitationToSend {
  member: TeamMember;
  /** Mails the invitation: handed to the caller so that it can run after the answer. */
  sendMail: () => Promise<void>;
}

async function refuseUninvitable(db: Kysely<Database>, owner: Actor, email: string) {
  const user = await db
    .selectFrom('users as u')
    .$call((query) => joinActiveMembership(query, 'any-account'))
    .select(['u.id', 'u.owner_id', 'm.account_id'])
    .where('u.email', '=', email)
    .executeTakeFirst();
  if (!user) return;
  if (user.id === owner.accountId) throw invitationErrors.inviteSelf();
  if (user.owner_id === null) throw invitationErrors.ownAccount();
  if (user.account_id === owner.accountId) throw invitationErrors.alreadyOnTeam();
  if (user.account_id !== null) throw invitationErrors.otherTeam();
}

// Under the account's lock, so two invitations racing for the plan's last seat cannot both get it.
async function requireSeat(
  trx: Transaction<Database>,
  planLimits: PlanLimitChecks,
  accountId: string,
) {
  await lockAccount(trx, accountId);
  const { count } = await trx
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  await planLimits.requireRoomFor(trx, accountId, 'team_members', Number(count));
}

export async function inviteMember(
  { db, config, mailer, planLimits }: TeamDeps,
  owner: Actor,
  { email, shared_access: access }: InviteMember,
): Promise<InvitationToSend> {
  await refuseUninvitable(db, owner, email);
  const link = newInvitationLink();
  const id = await db.transaction().execute(async (trx) => {
    await requireSeat(trx, planLimits, owner.accountId);
    const created = await trx
      .insertInto('team_members')
      .values({
        account_id: owner.accountId,
        email,
        user_id: null,
        shared_access: JSON.stringify(withEveryArea(access)),
        status: 'invited',
        ...link.columns,
        joined_at: null,
        last_active_at: null,
      })
      .onConflict((conflict) => conflict.columns(['account_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) throw invitationErrors.alreadyOnTeam();
    await recordAudit(trx, owner, {
      action: 'team_member.invited',
      object: { type: 'team_member', id: created.id, name: email },
    });
    return created.id;
  });
  const { first_name: firstName, last_name: lastName } = await findOwner(db, owner.accountId);
  const message = invitationMessage(config.PUBLIC_URL, {
    email,
    ownerName: personName(firstName, lastName),
    token: link.token,
  });
  return {
    member: toTeamMember(await findMember(db, owner.accountId, id)),
    sendMail: () => mailer.send(message),
  };
}
