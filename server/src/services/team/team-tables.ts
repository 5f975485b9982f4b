// The tables and columns migration 0007 adds, as Kysely sees them. They belong in src/db/schema.ts; they are
// merged into its interfaces from here (TypeScript declaration merging) while that file is being changed by
// someone else, and should move there, unchanged, afterwards.
import type { AuditAction, AuditObjectType, SharedAccess, TeamMemberStatus } from '@common/team';

import type { ColumnType, Generated } from 'kysely';

/** Null until set: may be left out of an insert. */
type OptionalReference = ColumnType<string | null, string | null | undefined, string | null>;

/** An invitation to an owner's team and, once accepted, the membership it became. */
export interface TeamMembersTable {
  id: Generated<string>;
  /** The owner whose account the member works on. */
  account_id: string;
  email: string;
  /** The shared user, once the invitation is accepted. */
  user_id: string | null;
  /** JSON; written as JSON text. */
  shared_access: ColumnType<SharedAccess, string, string>;
  status: TeamMemberStatus;
  /** SHA-256 of the invitation link's token; null once used (or never to be used again). */
  invitation_token_hash: string | null;
  invitation_expires_at: Date | null;
  invited_at: ColumnType<Date, Date | undefined, Date>;
  joined_at: Date | null;
  last_active_at: Date | null;
}

/** One change on an account, by anyone working on it. */
export interface AuditLogTable {
  id: Generated<string>;
  account_id: string;
  actor_id: string;
  action: AuditAction;
  object_type: AuditObjectType;
  object_id: string;
  object_name: string;
  occurred_at: ColumnType<Date, Date | undefined, never>;
}

declare module '../../db/schema' {
  interface Database {
    team_members: TeamMembersTable;
    audit_log: AuditLogTable;
  }
  interface UsersTable {
    /** A shared user's owner; null for an owner. Kept after the member is removed. */
    owner_id: OptionalReference;
  }
  interface VerificationsTable {
    /** The user who created it (the owner or a shared user); null only if that user was deleted. */
    created_by: OptionalReference;
  }
  interface TemplatesTable {
    /** As on verifications. */
    created_by: OptionalReference;
  }
}
