// The team services as handlers call them: built once by the services plugin, each taking the owner who manages
// the team (or the account whose log is read) and answering in the API's shapes.
import type {
  AuditPage,
  AuditQuery,
  Invitation,
  InviteMember,
  SharedAccessChanges,
  TeamMember,
  TeamMemberList,
} from '@common/team-schemas';

import { changeMemberAccess } from './change-member-access';
import { findInvitation } from './find-invitation';
import { inviteMember, type InvitationToSend } from './invite-member';
import { listAuditEntries } from './list-audit-entries';
import { selectMemberRows, toTeamMember } from './member-rows';
import { removeMember } from './remove-member';
import { resendInvitation } from './resend-invitation';

import type { Actor } from './actor';
import type { TeamDeps } from './team-deps';

export function buildTeamServices(deps: TeamDeps) {
  const { db } = deps;
  return {
    async listMembers(accountId: string): Promise<TeamMemberList> {
      const rows = await selectMemberRows(db, accountId)
        .orderBy('m.invited_at', 'desc')
        .orderBy('m.id')
        .execute();
      return { count: rows.length, results: rows.map(toTeamMember) };
    },

    invite(owner: Actor, invitation: InviteMember): Promise<InvitationToSend> {
      return inviteMember(deps, owner, invitation);
    },

    resendInvitation(owner: Actor, id: string): Promise<InvitationToSend> {
      return resendInvitation(deps, owner, id);
    },

    changeAccess(owner: Actor, id: string, changes: SharedAccessChanges): Promise<TeamMember> {
      return changeMemberAccess(deps, owner, id, changes);
    },

    remove(owner: Actor, id: string): Promise<void> {
      return removeMember(deps, owner, id);
    },

    listAudit(accountId: string, query: AuditQuery): Promise<AuditPage> {
      return listAuditEntries(db, accountId, query);
    },

    findInvitation(token: string): Promise<Invitation> {
      return findInvitation(db, token);
    },
  };
}

export type TeamServices = ReturnType<typeof buildTeamServices>;
