// Team rules shared by the server and the SPA: the areas a shared user's permissions cover, their levels, and the
// one answer to "may this user do this to that area". No zod here; the shapes are in team-schemas.ts.

/** What a permission covers. An area whose feature is not built yet still has its key. */
export const ACCESS_AREAS = [
  'verifications',
  'bulk',
  'templates',
  'integrations',
  'custom_domain',
] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];

/** How the messages and screens name each area: "You don't have access to {name}". */
export const ACCESS_AREA_NAMES: Record<AccessArea, string> = {
  verifications: 'verifications',
  bulk: 'bulk operations',
  templates: 'templates',
  integrations: 'integrations',
  custom_domain: 'the custom domain',
};

/** From least to most: `edit` implies `view`. */
export const ACCESS_LEVELS = ['none', 'view', 'edit'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** A shared user's permissions: one level per area. */
export type SharedAccess = Record<AccessArea, AccessLevel>;

export const NO_ACCESS: SharedAccess = {
  verifications: 'none',
  bulk: 'none',
  templates: 'none',
  integrations: 'none',
  custom_domain: 'none',
};

/** A permission set with every area: one saved before an area existed has `none` for it. */
export function withEveryArea(access: Partial<SharedAccess>): SharedAccess {
  return { ...NO_ACCESS, ...access };
}

/**
 * Whether someone may work at `level` in `area`. `access` is a shared user's permissions, or null for an owner,
 * who may do everything on their own account (the profile's shared_access is null for owners too).
 */
export function allows(access: SharedAccess | null, area: AccessArea, level: AccessLevel): boolean {
  if (access === null) return true;
  return ACCESS_LEVELS.indexOf(access[area]) >= ACCESS_LEVELS.indexOf(level);
}

/** How long an invitation link works. */
export const INVITATION_LIFETIME_DAYS = 7;

/** `invited` until the invitation is accepted, `active` after. A removed member is gone from the list. */
export const TEAM_MEMBER_STATUSES = ['invited', 'active'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** What the audit log records, as `<object type>.<what happened>`. */
export const AUDIT_ACTIONS = [
  'verification.created',
  'verification.updated',
  'verification.revoked',
  'verification.deleted',
  'template.created',
  'template.updated',
  'template.deleted',
  'template.made_default',
  'team_member.invited',
  'team_member.invitation_resent',
  'team_member.joined',
  'team_member.access_changed',
  'team_member.removed',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.deleted',
  'seal_key.rotated',
  'seal_key.revoked',
  /** By the service's operator (`npm run issuers`), who has no user: the entry has no actor. */
  'issuer.verified',
  'issuer.unverified',
  'signing_certificate.uploaded',
  'signing_certificate.removed',
  /** By the operator (`npm run document-signing`): no actor either. */
  'signing_certificate.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OBJECT_TYPES = [
  'verification',
  'template',
  'team_member',
  'api_key',
  'webhook',
  'seal_key',
  'issuer',
  'signing_certificate',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const TEAM_LIMITS = {
  audit_page_size: 100,
  audit_default_page_size: 20,
} as const;
