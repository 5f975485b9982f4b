// What a member's status chip says: an invitation past its expiry is Expired, not Invited.
import type { TeamMember } from '../api/team-api';

export type MemberStatusLabel = 'Invited' | 'Active' | 'Expired';

export function memberStatus(member: TeamMember, now: number = Date.now()): MemberStatusLabel {
  if (member.status === 'active') return 'Active';
  const expires = member.invitation_expires_at ? Date.parse(member.invitation_expires_at) : NaN;
  return !Number.isNaN(expires) && expires < now ? 'Expired' : 'Invited';
}
