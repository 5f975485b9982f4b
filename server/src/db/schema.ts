// The database's tables as Kysely sees them. Each migration that changes a table updates this file too.
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Filled in by the database on insert, never written by the app afterwards. */
type CreatedAt = ColumnType<Date, never, never>;

/** Instance-wide key/value settings, e.g. the instance id and when it first started. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, never, Date>;
}

export type SignUpMethod = 'password' | 'google' | 'sso';

/** A person with an account. Emails are stored trimmed and lower-cased. */
export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: Generated<string>;
  password_hash: string | null;
  email_verified_at: Date | null;
  industry: string | null;
  referrer: string | null;
  /** The pages visited before signing up (JSON array of URLs); written as JSON text. */
  journey: ColumnType<string[] | null, string | null, string | null>;
  sign_up_method: SignUpMethod;
  password_reset_expires_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export type OtpPurpose = 'email_verification' | 'forget-password';

/** The one live code per email and purpose, hashed; attempts counts every check, right or wrong. */
export interface OneTimeCodesTable {
  email: string;
  purpose: OtpPurpose;
  code_hash: string;
  attempts: Generated<number>;
  sent_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** When someone last pressed Resend for an email (any email, known or not). */
export interface OtpResendRequestsTable {
  email: string;
  requested_at: Date;
}

export type TokenRevokedReason = 'rotated' | 'revoked' | 'password_changed' | 'reuse_detected';

/** An access and refresh token pair, stored as SHA-256 hashes; revoking the row ends both. */
export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  access_token_hash: string;
  refresh_token_hash: string;
  access_expires_at: Date;
  refresh_expires_at: Date;
  created_at: CreatedAt;
  revoked_at: Date | null;
  revoked_reason: TokenRevokedReason | null;
}

/** An organisation's OpenID Connect provider and the email domains that sign in through it. */
export interface SsoConnectionsTable {
  id: Generated<number>;
  name: string;
  issuer_url: string;
  client_id: string;
  client_secret: string;
  email_domains: string[];
  created_at: CreatedAt;
}

/** A single sign-on started by the SSO redirect call and finished by the sso_token grant. */
export interface SsoLoginsTable {
  state: string;
  connection_id: number;
  email: string;
  code_verifier: string;
  nonce: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface Database {
  app_settings: AppSettingsTable;
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  otp_resend_requests: OtpResendRequestsTable;
  auth_tokens: AuthTokensTable;
  sso_connections: SsoConnectionsTable;
  sso_logins: SsoLoginsTable;
}

export type User = Selectable<UsersTable>;
export type SsoConnection = Selectable<SsoConnectionsTable>;
