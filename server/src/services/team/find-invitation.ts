// What the sign-up screen shows for an invitation link: the invited email and who invites. Used, expired,
// withdrawn and made-up tokens are all the same 404.
import type { Invitation } from '@common/team-schemas';

import { sha256 } from '../../lib/sha256';

import { invitationNotFound } from './team-errors';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export async function findInvitation(db: Kysely<Database>, token: string): Promise<Invitation> {
  const row = await db
    .selectFrom('team_members as m')
    .innerJoin('users as o', 'o.id', 'm.account_id')
    .select(['m.email', 'o.email as owner_email', 'o.first_name', 'o.last_name'])
    .where('m.invitation_token_hash', '=', sha256(token))
    .where('m.status', '=', 'invited')
    .where('m.invitation_expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw invitationNotFound();
  return {
    email: row.email,
    owner: { email: row.owner_email, first_name: row.first_name, last_name: row.last_name },
  };
}
