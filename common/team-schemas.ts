// The team API's shapes, written once: the server validates and serialises with these schemas, the SPA imports
// their inferred types (as types only: the areas, levels and allows() it needs as values are in team.ts).
import { z } from 'zod';

import { emailField } from './auth-schemas';
import {
  ACCESS_AREAS,
  ACCESS_LEVELS,
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  TEAM_LIMITS,
  TEAM_MEMBER_STATUSES,
  type AccessArea,
  type AccessLevel,
} from './team';
import { pageNumber } from './verifications-schemas';

const accessLevelField = z.enum(ACCESS_LEVELS, { error: 'Must be none, view or edit.' });

function perArea<Field extends z.ZodType>(field: Field): Record<AccessArea, Field> {
  return Object.fromEntries(ACCESS_AREAS.map((area) => [area, field])) as Record<AccessArea, Field>;
}

const permissionsError = {
  error: `Must be an object with a level for ${ACCESS_AREAS.join(', ')}.`,
};

/** A whole permission set, one level per area, as responses and the profile carry it. */
export const sharedAccessSchema = z.object(perArea(accessLevelField));

/**
 * A permission set in a request: areas left out are `none` when inviting and keep their level when changing;
 * an unknown area is refused, so a typo cannot pass for a grant.
 */
export const sharedAccessChangesSchema = z.strictObject(
  perArea(accessLevelField.optional()),
  permissionsError,
);
export type SharedAccessChanges = Partial<Record<AccessArea, AccessLevel>>;

/** POST /api/team/users/ */
export const inviteMemberSchema = z.object({
  email: emailField,
  shared_access: sharedAccessChangesSchema.default({}),
});
export type InviteMemberRequest = z.input<typeof inviteMemberSchema>;
export type InviteMember = z.output<typeof inviteMemberSchema>;

/** PATCH /api/team/users/{id}/ */
export const memberChangesSchema = z.object({ shared_access: sharedAccessChangesSchema });
export type MemberChangesRequest = z.input<typeof memberChangesSchema>;

export const memberIdParams = z.object({ id: z.string() });
export const invitationTokenParams = z.object({ token: z.string() });

/** One person on the team: invited (not joined yet) or active. */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Empty until the invitation is accepted: the member chooses it when signing up. */
  name: z.string(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  shared_access: sharedAccessSchema,
  invited_at: z.string(),
  /** When the pending invitation's link stops working; null once joined. */
  invitation_expires_at: z.string().nullable(),
  joined_at: z.string().nullable(),
  last_active_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/team/users/ */
export const teamMemberListSchema = z.object({
  count: z.number(),
  results: z.array(teamMemberSchema),
});
export type TeamMemberList = z.infer<typeof teamMemberListSchema>;

/** A person as a record names them: who created it, who did something. */
export const personSchema = z.object({ name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

/** GET /api/team/audit/: which page, newest first. */
export const auditQuerySchema = z.object({
  page: pageNumber(1),
  page_size: pageNumber(TEAM_LIMITS.audit_default_page_size, TEAM_LIMITS.audit_page_size),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** One change on the account: when, who, what, to which object (named as it was then). */
export const auditEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  /** Null when the user who made the change has since been deleted. */
  actor: personSchema.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  object: z.object({
    type: z.enum(AUDIT_OBJECT_TYPES),
    id: z.string(),
    name: z.string(),
  }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(auditEntrySchema),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/team/invitations/{token}/: what the sign-up screen shows before the invitee signs up. */
export const invitationSchema = z.object({
  email: z.string(),
  owner: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;
