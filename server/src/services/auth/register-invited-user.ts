// Accepting a team invitation: the sign-up creates the shared user for the invited email and signs them in at
// once, with no code to confirm, since the mailed link proved the address. The link works once: using it and
// joining the team are one transaction. A removed member (their user kept for the records they made) joins
// again with the same user.

import type { TokenResponse } from '@common/auth-schemas';

import { personName } from '../../lib/person-name';
import { sha256 } from '../../lib/sha256';
import { joinActiveMembership } from '../team/active-membership';
import { findOwner } from '../team/find-owner';
import { recordAudit } from '../team/record-audit';
import { invitationErrors } from '../team/team-errors';

import { emailTaken } from './auth-errors';
import { issueTokens, type TokenLifetimes } from './issue-tokens';

import type { Database } from '../../db/schema';
import type { PasswordHasher } from './password-hasher';
import type { Registration } from './register-user';
import type { Kysely, Transaction } from 'kysely';

export interface InvitedRegistration extends Registration {
  /** The token of the invitation link. */
  invitation: string;
  /** Where the new session signs in from (the sessions list shows it). */
  userAgent?: string;
}

interface RegisterInvitedDeps {
  db: Kysely<Database>;
  passwordHasher: PasswordHasher;
  lifetimes: TokenLifetimes;
}

interface PendingInvitation {
  id: string;
  accountId: string;
  email: string;
}

async function findPendingInvitation(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<PendingInvitation> {
  const row = await db
    .selectFrom('team_members')
    .select(['id', 'account_id', 'email'])
    .where('invitation_token_hash', '=', tokenHash)
    .where('status', '=', 'invited')
    .where('invitation_expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw invitationErrors.invalid();
  return { id: row.id, accountId: row.account_id, email: row.email };
}

// The invited email's user: a new one, or a removed member's own again. An owner's email, or a member's of
// another team, cannot join.
async function sharedUserFor(
  trx: Transaction<Database>,
  invitation: PendingInvitation,
  registration: InvitedRegistration,
  passwordHash: string,
): Promise<string> {
  const owner = await trx
    .selectFrom('users')
    .select('industry')
    .where('id', '=', invitation.accountId)
    .executeTakeFirstOrThrow();
  const fields = {
    first_name: registration.firstName,
    password_hash: passwordHash,
    email_verified_at: new Date(),
    owner_id: invitation.accountId,
    // The account's industry: the onboarding question is the owner's to answer.
    industry: owner.industry,
  };
  const existing = await trx
    .selectFrom('users as u')
    .$call((query) => joinActiveMembership(query, 'any-account'))
    .select(['u.id', 'u.owner_id', 'm.id as member_id'])
    .where('u.email', '=', invitation.email)
    .executeTakeFirst();
  if (existing) {
    if (existing.owner_id === null) throw invitationErrors.ownAccount();
    if (existing.member_id !== null) throw invitationErrors.otherTeam();
    await trx
      .updateTable('users')
      .set({ ...fields, last_name: '', updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const created = await trx
    .insertInto('users')
    .values({
      ...fields,
      email: invitation.email,
      referrer: registration.referrer,
      journey: registration.journey && JSON.stringify(registration.journey),
      sign_up_method: 'password',
      password_reset_expires_at: null,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Someone registered the same email a moment ago.
  if (!created) throw emailTaken();
  return created.id;
}

async function join(
  trx: Transaction<Database>,
  invitation: PendingInvitation,
  tokenHash: string,
  userId: string,
): Promise<void> {
  const joined = await trx
    .updateTable('team_members')
    .set({
      status: 'active',
      user_id: userId,
      joined_at: new Date(),
      invitation_token_hash: null,
      invitation_expires_at: null,
    })
    .where('id', '=', invitation.id)
    .where('invitation_token_hash', '=', tokenHash)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  // Used by a parallel sign-up, or withdrawn, a moment ago.
  if (Number(joined.numUpdatedRows) === 0) throw invitationErrors.invalid();
  await recordAudit(
    trx,
    { id: userId, accountId: invitation.accountId },
    {
      action: 'team_member.joined',
      object: { type: 'team_member', id: invitation.id, name: invitation.email },
    },
  );
}

/** Answers the new shared user's token pair and the name of the owner whose team they joined. */
export async function registerInvitedUser(
  { db, passwordHasher, lifetimes }: RegisterInvitedDeps,
  registration: InvitedRegistration,
): Promise<{ tokens: TokenResponse; ownerName: string }> {
  const tokenHash = sha256(registration.invitation);
  const invitation = await findPendingInvitation(db, tokenHash);
  if (invitation.email !== registration.email) throw invitationErrors.wrongEmail();
  const passwordHash = await passwordHasher.hash(registration.password);
  const userId = await db.transaction().execute(async (trx) => {
    const id = await sharedUserFor(trx, invitation, registration, passwordHash);
    await join(trx, invitation, tokenHash, id);
    return id;
  });
  const owner = await findOwner(db, invitation.accountId);
  return {
    tokens: await issueTokens(db, lifetimes, userId, { userAgent: registration.userAgent }),
    ownerName: personName(owner.first_name, owner.last_name),
  };
}
