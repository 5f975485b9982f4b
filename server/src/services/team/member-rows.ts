// The one query that reads an account's team members with their names, and the mapping to the API's TeamMember.
import { withEveryArea } from '@common/team';
import type { TeamMember } from '@common/team-schemas';

import { personName } from '../../lib/person-name';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export function selectMemberRows(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('team_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.email',
      'm.status',
      'm.shared_access',
      'm.invited_at',
      'm.invitation_expires_at',
      'm.joined_at',
      'm.last_active_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('m.account_id', '=', accountId);
}

export type MemberRow = Awaited<
  ReturnType<ReturnType<typeof selectMemberRows>['executeTakeFirstOrThrow']>
>;

export function toTeamMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    email: row.email,
    name: row.first_name === null ? '' : personName(row.first_name, row.last_name ?? ''),
    status: row.status,
    shared_access: withEveryArea(row.shared_access),
    invited_at: row.invited_at.toISOString(),
    invitation_expires_at: row.invitation_expires_at?.toISOString() ?? null,
    joined_at: row.joined_at?.toISOString() ?? null,
    last_active_at: row.last_active_at?.toISOString() ?? null,
  };
}
