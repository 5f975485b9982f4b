// The database's tables as Kysely sees them. Each migration that changes a table updates this file too.
import type { BulkColumnMapping, BulkMode, BulkStatus, DesignLayout } from '@common/bulk';
import type { CnameState, CustomDomainStatus } from '@common/custom-domain-schemas';
import type { Language } from '@common/i18n/languages';
import type {
  DeliveredEvent,
  WebhookDeliveryStatus,
  WebhookEvent,
} from '@common/integrations-schemas';
import type { SealKeyStatus } from '@common/seals/trust-list';
import type {
  BillingInterval,
  PlanId,
  PlanLimits,
  SubscriptionStatus,
} from '@common/subscription-schemas';
import type { AuditAction, AuditObjectType, SharedAccess, TeamMemberStatus } from '@common/team';
import type { TemplateFieldSettings, TemplateLogoType } from '@common/templates';
import type { QrPlacement, ScanDevice, SignatureLevel } from '@common/verifications';
import type { CustomField } from '@common/verifications-schemas';

import type { SheetType } from '../documents/read-sheet';
import type { ColumnType, Generated, Selectable } from 'kysely';

export type BulkItemStatus = 'unchecked' | 'valid' | 'invalid' | 'succeeded' | 'failed';

/** A problem with a bulk row; column null when it is not one cell's. */
export interface BulkItemError {
  column: string | null;
  message: string;
}

/** The public half of a seal key as stored: a P-256 JWK. */
export interface SealPublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** Filled in by the database on insert, never written by the app afterwards. */
type CreatedAt = ColumnType<Date, never, never>;

/** Null until set: may be left out of an insert. */
type OptionalReference = ColumnType<string | null, string | null | undefined, string | null>;

/** A column added later, null until set: may be left out of an insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

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
  /** A shared user's owner; null for an owner. Kept after the member is removed. */
  owner_id: OptionalReference;
  /** The issuer public pages name; null: the person's name. */
  organisation_name: Optional<string>;
  /** An owner's issuer name (organisation, else person) as look-alikes share it (lib/look-alike-names.ts). */
  issuer_name_skeleton: Optional<string>;
  /** The name the service's operator checked by hand (`npm run issuers -- verify`): proof of who the account is. */
  verified_issuer_name: Optional<string>;
  verified_name_skeleton: Optional<string>;
  issuer_verified_at: Optional<Date>;
  /** An email change waiting for the code mailed to this address. */
  pending_email: Optional<string>;
  deletion_requested_at: Optional<Date>;
  /** While set, the account is to be deleted then; signing in before offers to cancel. */
  delete_after: Optional<Date>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export type OtpPurpose = 'email_verification' | 'forget-password' | 'email_change';

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
  /**
   * Once rotated: the new pair, AES-GCM encrypted under a key derived from this row's refresh token (which is
   * never stored), for the refresh grace window. Cleared once the window is over.
   */
  successor_sealed: string | null;
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

/** A secured document's verification: its public code, what it says, where the QR code went, its files. */
export interface VerificationsTable {
  id: Generated<string>;
  user_id: string;
  code: string;
  title: string;
  holder_name: string;
  /** A `date`; written as YYYY-MM-DD and read back as text by the queries (never as a JS Date). */
  issue_date: ColumnType<string, string, string>;
  expiry_date: ColumnType<string | null, string | null, string | null>;
  /** JSON; written as JSON text. */
  custom_fields: ColumnType<CustomField[], string, string>;
  /** One of the same account's templates (the database refuses any other). */
  template_id: string;
  /** JSON; written as JSON text. */
  qr_placement: ColumnType<QrPlacement, string, string>;
  allow_download: boolean;
  revoked_at: Date | null;
  revocation_reason: string | null;
  replaced_by_id: string | null;
  original_file_name: string;
  original_content_type: string;
  original_size: number;
  original_sha256: string;
  secured_size: number;
  secured_sha256: string;
  scan_count: Generated<number>;
  last_scanned_at: Date | null;
  /** The user who created it (the owner or a shared user); null only if that user was deleted. */
  created_by: OptionalReference;
  /** The bulk operation and sheet row that made it (unique together); null for one made on its own. */
  bulk_operation_id: OptionalReference;
  bulk_row_number: ColumnType<number | null, number | null | undefined, number | null>;
  /** The origin its QR code was printed with (a verified custom domain's); null: PUBLIC_URL's. Never changes. */
  public_origin: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the unusual-activity rule flags the verification (see services/analytics). */
  unusual_since: Optional<Date>;
  unusual_reason: Optional<string>;
  /** When the owner was told of the flag (once per flagged code). */
  unusual_notified_at: Optional<Date>;
  /** When the rule last matched while flagged: the flag clears after a quiet period without a match. */
  unusual_seen_at: Optional<Date>;
  /** The digits of the QR code's URL fragment (docs/seals.md); null for an unsealed code. Never changes. */
  seal: Optional<string>;
  /** The seal key that signed it (seal_keys.kid); null when unsealed. */
  seal_kid: Optional<string>;
  /** The secured PDF's PAdES signature (docs/signing.md); all null for a PDF made before signing. */
  signature_level: Optional<SignatureLevel>;
  /** The signing certificate's common name, as PDF readers show it. */
  signature_signer: Optional<string>;
  signature_certificate_sha256: Optional<string>;
  signed_at: Optional<Date>;
  /** When a timestamping authority vouched for the signature (B-T and above). */
  timestamped_at: Optional<Date>;
  /** Why the TSA's timestamp is missing (it failed at signing): set until the upgrade job adds it. */
  timestamp_problem: Optional<string>;
  /** The secured file's SHA-256 before that upgrade: a prefix of today's file, still a true copy. */
  earlier_secured_sha256: Optional<string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export type CustomDomainRowStatus = Exclude<CustomDomainStatus, 'none'>;

/** An account's custom domain (at most one): proven by a TXT record, served once verified. */
export interface CustomDomainsTable {
  account_id: string;
  /** Normalised: lower case, no trailing dot, IDN as punycode. Unique among verified domains. */
  domain: string;
  status: CustomDomainRowStatus;
  token: string;
  verified_at: Date | null;
  last_checked_at: Date | null;
  error: string | null;
  cname_state: ColumnType<CnameState, CnameState | undefined, CnameState>;
  cname_value: string | null;
  /** Checks since pending_since; the background re-checks stop 48 h after it. */
  check_count: ColumnType<number, number | undefined, number>;
  pending_since: ColumnType<Date, Date | undefined, Date>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** An account's ES256 key that signs its QR codes' seals (docs/seals.md); one active at a time. */
/** A private key at rest: PKCS #8 under AES-256-GCM with the master key (nonce, tag, ciphertext). */
interface EncryptedKeyColumns {
  private_key_iv: Buffer;
  private_key_tag: Buffer;
  private_key_ciphertext: Buffer;
}

/** The install's document-signing CA (one active); its key is AAD-bound to the certificate's SHA-256. */
export interface DocumentSigningCasTable extends EncryptedKeyColumns {
  id: Generated<string>;
  /** DER. */
  certificate: Buffer;
  certificate_sha256: string;
  status: ColumnType<'active' | 'retired', 'active' | 'retired' | undefined, 'active' | 'retired'>;
  /** Made by the server, or brought by the operator (DOCUMENT_CA_P12). */
  origin: ColumnType<'generated' | 'imported', 'generated' | 'imported' | undefined, never>;
  /** PEM of the certificates above an imported CA; empty for the one the server makes. */
  chain_pem: Generated<string>;
  created_at: CreatedAt;
  retired_at: Optional<Date>;
  retired_reason: Optional<string>;
}

/** An account's document-signing certificate from the install CA (one active per account). */
export interface DocumentSigningCertificatesTable extends EncryptedKeyColumns {
  id: Generated<string>;
  account_id: string;
  ca_id: string;
  /** The SHA-256 of the subject it names: when the account's identity changes, another is issued. */
  subject_sha256: string;
  common_name: string;
  /** DER. */
  certificate: Buffer;
  certificate_sha256: string;
  not_after: Date;
  status: ColumnType<'active' | 'retired', 'active' | 'retired' | undefined, 'active' | 'retired'>;
  created_at: CreatedAt;
  retired_at: Optional<Date>;
}

/** An issuer's own signing certificate: its uploaded PKCS #12 file and password, each encrypted (AAD: the SHA-256). */
export interface IssuerSigningCertificatesTable {
  id: Generated<string>;
  account_id: string;
  uploaded_by: OptionalReference;
  /** DER. */
  certificate: Buffer;
  certificate_sha256: string;
  subject: string;
  issuer: string;
  common_name: string;
  key_description: string;
  not_before: Date;
  not_after: Date;
  pkcs12_iv: Buffer;
  pkcs12_tag: Buffer;
  pkcs12_ciphertext: Buffer;
  password_iv: Buffer;
  password_tag: Buffer;
  password_ciphertext: Buffer;
  /** Removed by the owner, or revoked by the operator (`npm run document-signing`). */
  status: ColumnType<
    IssuerCertificateStatus,
    IssuerCertificateStatus | undefined,
    IssuerCertificateStatus
  >;
  created_at: CreatedAt;
  removed_at: Optional<Date>;
  revoked_reason: Optional<string>;
  expiry_notice_sent_at: Optional<Date>;
}

type IssuerCertificateStatus = 'active' | 'removed' | 'revoked';

/** What the service's operator did from a command that concerns no one account (a CA rotated). */
export interface OperatorAuditLogTable {
  id: Generated<string>;
  action: 'document_ca.rotated' | 'document_ca.imported' | 'signing_certificate.revoked';
  object_type: 'document_ca' | 'signing_certificate';
  object_id: string;
  object_name: string;
  reason: string;
  occurred_at: ColumnType<Date, Date | undefined, never>;
}

export interface SealKeysTable {
  id: Generated<string>;
  /** The owner's user id, as verifications.user_id. */
  account_id: string;
  kid: string;
  /** JSON; written as JSON text. */
  public_jwk: ColumnType<SealPublicJwk, string, never>;
  /** The PKCS #8 private key, AES-256-GCM under the master key: nonce, tag, ciphertext. */
  private_key_iv: Buffer;
  private_key_tag: Buffer;
  private_key_ciphertext: Buffer;
  status: ColumnType<SealKeyStatus, SealKeyStatus | undefined, SealKeyStatus>;
  created_at: CreatedAt;
  retired_at: Optional<Date>;
  revoked_at: Optional<Date>;
  /** Seals made at or after this time are low-S (common/seals/seal-format.ts); set by default. */
  low_s_since: CreatedAt;
}

/** A plan an account can be on; the default set is seeded at start, an operator changes rows with `npm run plans`. */
export interface PlansTable {
  id: PlanId;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** Order on the Plans screen. */
  position: ColumnType<number, number | undefined, number>;
  currency: ColumnType<string, string | undefined, string>;
  /** Minor units (cents); null: not sold online. */
  price_monthly: number | null;
  price_yearly: number | null;
  stripe_price_monthly: string | null;
  stripe_price_yearly: string | null;
  /** Written as JSON text. */
  limits: ColumnType<PlanLimits, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** An account's paid (or once paid) subscription; an account without a row is on Free. */
export interface SubscriptionsTable {
  account_id: string;
  plan_id: PlanId;
  status: SubscriptionStatus;
  interval: BillingInterval | null;
  current_period_end: Date | null;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** `created` of the last Stripe event applied; older events arriving later are not applied. */
  stripe_event_created_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Stripe events already handled, by id: a redelivered event changes nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}

/** Verifications created per account and calendar month (UTC), raised with each one stored. */
export interface UsageCountersTable {
  account_id: string;
  /** The month's first day, YYYY-MM-DD. */
  month: ColumnType<string, string, never>;
  verifications: ColumnType<number, number | undefined, number>;
}

/** How an account brands its verifications' public page; exactly one per account is its default. */
export interface TemplatesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  is_default: Generated<boolean>;
  primary_color: string;
  background_color: string;
  text_color: string;
  heading: string;
  intro: string;
  /** JSON; written as JSON text. */
  fields: ColumnType<TemplateFieldSettings, string, string>;
  allow_download: boolean;
  contact_text: string;
  contact_url: string;
  footer_text: string;
  /** The logo's storage key; the other logo columns are set exactly when it is. */
  logo_key: string | null;
  logo_content_type: TemplateLogoType | null;
  logo_size: number | null;
  logo_sha256: string | null;
  /** Whether new verifications on it get a sealed QR code (docs/seals.md). */
  seal_enabled: Generated<boolean>;
  /** Whether its documents are achievements: their credentials are Open Badges (docs/credentials.md). */
  is_achievement: Generated<boolean>;
  achievement_description: Generated<string>;
  achievement_criteria: Generated<string>;
  /** The language its public pages are read in when the reader names none (docs/languages.md); null: English. */
  default_language: Generated<Language | null>;
  /** As on verifications. */
  created_by: OptionalReference;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

/** One view of a verification's public page. */
export interface VerificationScansTable {
  id: Generated<string>;
  verification_id: string;
  scanned_at: Date;
  device: ScanDevice;
  /** Browser family from the user agent ('Chrome', 'Safari', …). */
  browser: Optional<string>;
  /** ISO 3166 alpha-2 from the Accept-Language region; null when none. */
  country: Optional<string>;
  /** A keyed hash of address and user agent under a key that changes daily: never the address itself. */
  visitor: Optional<string>;
}

/** Scans per verification and day (UTC): each flush of the scan tallies adds to it (record-scans.ts). */
export interface ScanDailyTable {
  verification_id: string;
  account_id: string;
  /** YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  scans: number;
  visitors: number;
  /** Counts by key; written as JSON text. */
  devices: ColumnType<Record<string, number>, string, string>;
  browsers: ColumnType<Record<string, number>, string, string>;
  countries: ColumnType<Record<string, number>, string, string>;
}

/** A day's distinct visitor keys per verification, with their first and last view; kept for two days. */
export interface ScanVisitorsTable {
  verification_id: string;
  /** YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  visitor: string;
  is_bot: boolean;
  first_seen: Date;
  last_seen: Date;
}

/** One signed-in session: a refresh-token family, with where it signed in from. */
export interface SessionsTable {
  family_id: string;
  user_id: string;
  user_agent: string | null;
  device: ColumnType<string, string | undefined, string>;
  browser: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  ended_at: Optional<Date>;
}

export type AccountExportStatus = 'pending' | 'ready' | 'failed' | 'expired';

/** A 'Download my data' zip, built on the queue; its link works until expires_at. */
export interface AccountExportsTable {
  id: Generated<string>;
  account_id: string;
  requested_by: string;
  status: ColumnType<AccountExportStatus, AccountExportStatus | undefined, AccountExportStatus>;
  storage_key: Optional<string>;
  /** bigint: read back as a string by node-postgres. */
  size: ColumnType<string | number | null, number | null | undefined, number | null>;
  error: Optional<string>;
  token_hash: Optional<string>;
  created_at: CreatedAt;
  finished_at: Optional<Date>;
  expires_at: Optional<Date>;
}

/** Codes of records deleted with their account: the public page says the issuer withdrew them. */
export interface WithdrawnCodesTable {
  code: string;
  withdrawn_at: ColumnType<Date, Date | undefined, never>;
}

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
  /** Who made the change; null once that user is deleted (the entry stays in the owner's log). */
  actor_id: string | null;
  action: AuditAction;
  object_type: AuditObjectType;
  object_id: string;
  object_name: string;
  occurred_at: ColumnType<Date, Date | undefined, never>;
}

/** A sheet (with a zip of documents or one design) to secure in the background, row by row. */
export interface BulkOperationsTable {
  id: Generated<string>;
  user_id: string;
  created_by: OptionalReference;
  name: string;
  mode: BulkMode;
  status: BulkStatus;
  /** Null: the account's default template at the time of the run. */
  template_id: string | null;
  /** JSON; written as JSON text (as are mapping, ignored_columns and layout). */
  qr_placement: ColumnType<QrPlacement, string, string>;
  allow_download: boolean;
  mapping: ColumnType<BulkColumnMapping, string, string>;
  ignored_columns: ColumnType<string[], string, string>;
  layout: ColumnType<DesignLayout | null, string | null, string | null>;
  sheet_name: string;
  sheet_type: SheetType;
  /** The zip's or the design's file name as uploaded. */
  source_name: string | null;
  /** The sheet's headers in order, once read; JSON written as JSON text. */
  columns: ColumnType<string[], string | undefined, string>;
  total_rows: Generated<number>;
  valid_rows: Generated<number>;
  invalid_rows: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  rows_read_at: Date | null;
  /** What stopped the whole operation, if anything did. */
  problem: string | null;
  /** YYYY-MM-DD: the issue date of rows without one. */
  run_date: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

/** One row of an operation's sheet. */
export interface BulkOperationItemsTable {
  id: Generated<string>;
  bulk_operation_id: string;
  row_number: number;
  status: BulkItemStatus;
  /** JSON: the row's values by header; written as JSON text. */
  cells: ColumnType<Record<string, string>, string, string>;
  errors: ColumnType<BulkItemError[], string | undefined, string>;
  verification_id: OptionalReference;
}

/** A key an account's own code calls the API with; only its hash is kept. */
export interface ApiKeysTable {
  id: Generated<string>;
  account_id: string;
  created_by: OptionalReference;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Where an account's events are sent, signed with its secret (and, after a rotation, the previous one for 24 h). */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  account_id: string;
  created_by: OptionalReference;
  url: string;
  description: Generated<string>;
  /** JSON; written as JSON text. */
  events: ColumnType<WebhookEvent[], string, string>;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One event for one endpoint, and how its attempts went. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  /** The `webhook-id` header, the same on every attempt. */
  message_id: string;
  event_type: DeliveredEvent;
  /** The exact JSON body sent on every attempt. */
  payload: string;
  status: ColumnType<
    WebhookDeliveryStatus,
    WebhookDeliveryStatus | undefined,
    WebhookDeliveryStatus
  >;
  attempt: Generated<number>;
  response_status: number | null;
  response_excerpt: Generated<string>;
  duration_ms: number | null;
  next_retry_at: Date | null;
  created_at: CreatedAt;
  last_attempt_at: Date | null;
}

/** When a verification's last `verification.scanned` event was made (at most one a minute). */
export interface WebhookScanEventsTable {
  verification_id: string;
  sent_at: ColumnType<Date, Date | undefined, Date>;
}

/** One of an account's revocation lists (docs/credentials.md): bit i set, the credential at index i is revoked. */
export interface StatusListsTable {
  account_id: string;
  /** 0, 1, …: a new list once the newest is nearly full. */
  list_number: number;
  bits: Buffer;
  /** Raised with every flip: names the signed list a cache holds, and its ETag. */
  version: Generated<number>;
  updated_at: Generated<Date>;
}

/** A verification's signed credential and its index in its account's status list. */
export interface VerificationCredentialsTable {
  account_id: string;
  list_number: number;
  status_index: number;
  /** Null once the verification is deleted: its index stays taken, its bit set. */
  verification_id: string | null;
  /** The credential's JSON, as signed. */
  credential: string;
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
  verifications: VerificationsTable;
  verification_scans: VerificationScansTable;
  templates: TemplatesTable;
  team_members: TeamMembersTable;
  audit_log: AuditLogTable;
  bulk_operations: BulkOperationsTable;
  bulk_operation_items: BulkOperationItemsTable;
  custom_domains: CustomDomainsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_scan_events: WebhookScanEventsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  usage_counters: UsageCountersTable;
  sessions: SessionsTable;
  account_exports: AccountExportsTable;
  withdrawn_codes: WithdrawnCodesTable;
  scan_daily: ScanDailyTable;
  scan_visitors: ScanVisitorsTable;
  seal_keys: SealKeysTable;
  document_signing_cas: DocumentSigningCasTable;
  document_signing_certificates: DocumentSigningCertificatesTable;
  issuer_signing_certificates: IssuerSigningCertificatesTable;
  operator_audit_log: OperatorAuditLogTable;
  status_lists: StatusListsTable;
  verification_credentials: VerificationCredentialsTable;
}

export type User = Selectable<UsersTable>;
export type SsoConnection = Selectable<SsoConnectionsTable>;
