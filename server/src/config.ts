// Reads the server's settings from the environment once, validates them and hands out one typed, frozen object.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import { PUBLIC_SETTING_DEFAULTS, SESSION_LIFETIME_SECONDS } from '@common/public-settings';
import {
  PLAN_IDS,
  PLAN_LIMIT_KEYS,
  planLimitsSchema,
  type PlanId,
} from '@common/subscription-schemas';

const MEBIBYTE = 1024 * 1024;
const DAY_SECONDS = 24 * 60 * 60;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function wholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

function urlWithProtocol(protocols: RegExp, message: string) {
  return z.url({ protocol: protocols, error: message });
}

function absolutePath(defaultPath: string) {
  return z
    .string()
    .default(defaultPath)
    .transform((value) => path.resolve(value));
}

const seconds = () =>
  wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be a whole number of seconds above 0');

// A share from 0 to 1, such as a sampling rate.
const fraction = () =>
  z
    .string()
    .regex(/^\d*\.?\d+$/, 'must be a number from 0 to 1')
    .transform(Number)
    .refine((value) => value <= 1, 'must be a number from 0 to 1');

const attemptsPerMinute = () =>
  wholeNumber(0, 1_000_000, 'must be a whole number of attempts per minute (0 = no limit)');

const httpUrl = () => urlWithProtocol(/^https?$/, 'must be an http:// or https:// URL');

const flag = () =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1');

// proxy-addr's names for address ranges, usable in TRUST_PROXY beside addresses and CIDR ranges.
// A DNS server as node:dns's setServers takes it: 1.1.1.1, 1.1.1.1:53, ::1 or [::1]:53.
function isDnsServer(entry: string): boolean {
  if (isIP(entry) !== 0) return true;
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry);
  if (!match) return false;
  const [, ipv6, ipv4, port] = match;
  const isAddress = ipv6 ? isIP(ipv6) === 6 : isIP(ipv4 ?? '') === 4;
  return isAddress && Number(port) >= 1 && Number(port) <= 65_535;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const maxPrefix = version === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && Number(prefix) <= maxPrefix;
}

// Off (false), how many proxies in front of the app to trust (a hop count), or which proxy addresses to trust.
const trustProxy = () =>
  z.string().transform((value, context): false | number | string[] => {
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    if (value === 'false') return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be a hop count (1 = one proxy in front) or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/** A 256-bit key as 64 hex digits or base64 (standard or URL-safe, padded or not). */
function keyOf256Bits(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return null;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

const key256 = () =>
  z.string().transform((value, context): Buffer => {
    const key = keyOf256Bits(value);
    if (key) return key;
    context.addIssue({
      code: 'custom',
      message:
        'must be 32 random bytes as 64 hex digits or base64 (e.g. the output of `openssl rand -base64 32`)',
    });
    return z.NEVER;
  });

const planLimitsOverrideSchema = z.partialRecord(
  z.enum(PLAN_IDS),
  planLimitsSchema.partial().strict(),
);
export type PlanLimitsOverride = z.infer<typeof planLimitsOverrideSchema>;

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  PORT: wholeNumber(0, 65535, 'must be a port number from 0 to 65535').default(8080),
  HOST: z.string().default('127.0.0.1'),
  // On SIGTERM, how long requests in flight may finish; connections still open then (a client that stopped
  // reading, a stalled upload) are closed, so the scan counts and the queue are still put away before exit.
  SHUTDOWN_GRACE_SECONDS: wholeNumber(
    0,
    300,
    'must be a whole number of seconds from 0 to 300',
  ).default(10),
  // Behind a reverse proxy: trust its X-Forwarded-For, so per-IP limits count each client, not the proxy.
  TRUST_PROXY: trustProxy().default(false),
  DATA_DIR: absolutePath('./data'),
  DATABASE_URL: urlWithProtocol(
    /^postgres(ql)?$/,
    'must be a postgres:// or postgresql:// URL',
  ).optional(),
  SMTP_URL: urlWithProtocol(/^smtps?$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('QR Verify <no-reply@qrverify.local>'),
  PUBLIC_URL: httpUrl().optional(),
  OAUTH_CLIENT_ID: z.string().default(PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_ID),
  OAUTH_CLIENT_SECRET: z.string().default(PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_SECRET),
  SENTRY_DSN: httpUrl().optional(),
  BOOK_A_DEMO_URL: httpUrl().default(PUBLIC_SETTING_DEFAULTS.BOOK_A_DEMO_URL),
  SUPPORT_EMAIL: z
    .email({ error: 'must be an email address' })
    .default(PUBLIC_SETTING_DEFAULTS.SUPPORT_EMAIL),
  // Support: the service status page the support screen links to (unset: no link).
  STATUS_PAGE_URL: httpUrl().optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  // Each request is logged once, when answered: a 5xx at error, one slower than LOG_SLOW_REQUEST_MS (0 = never)
  // at warn, and of the rest the share LOG_REQUEST_SAMPLE_RATE at info (0 = none, 1 = every request).
  LOG_SLOW_REQUEST_MS: wholeNumber(
    0,
    Number.MAX_SAFE_INTEGER,
    'must be a whole number of milliseconds (0 = off)',
  ).default(1000),
  LOG_REQUEST_SAMPLE_RATE: fraction().default(0),
  BODY_LIMIT_BYTES: wholeNumber(
    1,
    Number.MAX_SAFE_INTEGER,
    'must be a whole number of bytes above 0',
  ).default(MEBIBYTE),
  // Largest document accepted for securing (the upload's file; its other fields keep BODY_LIMIT_BYTES).
  UPLOAD_MAX_BYTES: wholeNumber(
    1,
    Number.MAX_SAFE_INTEGER,
    'must be a whole number of bytes above 0',
  ).default(25 * MEBIBYTE),
  // Worker threads that secure documents off the event loop (one core is left to serving requests), and how
  // long one document may take before its worker is ended.
  SECURING_WORKERS: wholeNumber(1, 64, 'must be a whole number of workers from 1 to 64').default(
    Math.max(1, availableParallelism() - 1),
  ),
  SECURING_TIMEOUT_SECONDS: seconds().default(60),
  // At start on a Postgres server, verification files no row names (a crash's leftovers) are removed once this
  // old: another instance sharing the store may be about to insert their row. 0 removes them all (one instance).
  ORPHANED_FILES_MIN_AGE_SECONDS: wholeNumber(
    0,
    Number.MAX_SAFE_INTEGER,
    'must be a whole number of seconds (0 = no wait)',
  ).default(600),
  // Documents waiting for a securing worker, each held in memory; beyond it an upload answers 503 and the client
  // tries again later: documents being secured hold at most (SECURING_WORKERS + this) × UPLOAD_MAX_BYTES.
  SECURING_QUEUE_LENGTH: wholeNumber(1, 10_000, 'must be a whole number from 1 to 10000').default(
    10,
  ),
  // Background work (pg-boss): how often an idle worker asks for a job, and how often maintenance expires work a
  // dead process had taken (it is retried then) and archives finished jobs.
  QUEUE_POLL_INTERVAL_SECONDS: z
    .string()
    .regex(/^\d*\.?\d+$/, 'must be a number of seconds from 0.5 to 600')
    .transform(Number)
    .refine((value) => value >= 0.5 && value <= 600, 'must be a number of seconds from 0.5 to 600')
    .default(2),
  QUEUE_MAINTENANCE_INTERVAL_SECONDS: wholeNumber(
    1,
    86_400,
    'must be a whole number of seconds from 1 to 86400',
  ).default(30),
  // Bulk operations: rows in one sheet, the size of the sheet file, and of the documents zip (as uploaded and as
  // all its entries inflate to: a zip bomb is refused on its declared sizes, which yauzl holds it to).
  BULK_MAX_ROWS: wholeNumber(
    1,
    1_000_000,
    'must be a whole number of rows from 1 to 1000000',
  ).default(10_000),
  BULK_SHEET_MAX_BYTES: wholeNumber(
    1024,
    1024 ** 3,
    'must be a whole number of bytes from 1024 to 1073741824',
  ).default(10 * 1024 ** 2),
  BULK_MAX_ZIP_BYTES: wholeNumber(
    1024,
    64 * 1024 ** 3,
    'must be a whole number of bytes from 1024 to 68719476736',
  ).default(1024 ** 3),
  // What one PDF may cost to read, checked before it is parsed: pages, indirect objects, and the bytes its
  // object and cross-reference streams inflate to (the streams the parser decompresses).
  PDF_MAX_PAGES: wholeNumber(1, 1_000_000, 'must be a whole number of pages from 1').default(5_000),
  PDF_MAX_OBJECTS: wholeNumber(1, 100_000_000, 'must be a whole number of objects from 1').default(
    200_000,
  ),
  PDF_MAX_INFLATED_BYTES: wholeNumber(
    1,
    Number.MAX_SAFE_INTEGER,
    'must be a whole number of bytes above 0',
  ).default(64 * MEBIBYTE),
  // Custom domains: the host name issuers point their CNAME at (unset: custom domains are off), the resolvers
  // asked when checking their records (comma-separated host:port; unset: the system's), and the scheme of public
  // URLs on them.
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      'must be a host name such as domains.example.com',
    )
    .transform((value) => value.toLowerCase())
    .optional(),
  DNS_SERVERS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    // node:dns takes IP addresses only: a resolver's own name would need a resolver.
    .refine(
      (servers) => servers.every(isDnsServer),
      'must be comma-separated IP addresses with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)',
    )
    .optional(),
  CUSTOM_DOMAIN_SCHEME: z
    .enum(['https', 'http'], { error: 'must be https or http' })
    .default('https'),
  // How often a pending custom domain's records are looked up again in the background (for 48 hours).
  CUSTOM_DOMAIN_RECHECK_SECONDS: wholeNumber(
    1,
    86_400,
    'must be a whole number of seconds from 1 to 86400',
  ).default(300),
  // Account deletion: how long an owner's deleted account waits (signing in cancels) before its data goes.
  ACCOUNT_DELETION_GRACE_DAYS: wholeNumber(
    0,
    365,
    'must be a whole number of days from 0 to 365',
  ).default(14),
  // Snapshots of the embedded database (docs/deployment.md, "Crashes and backups"): at start and every
  // BACKUP_INTERVAL_HOURS (0 = none), the newest BACKUP_KEEP kept in DATA_DIR/backups.
  BACKUP_INTERVAL_HOURS: wholeNumber(
    0,
    8_760,
    'must be a whole number of hours from 0 to 8760',
  ).default(24),
  BACKUP_KEEP: wholeNumber(1, 1_000, 'must be a whole number from 1 to 1000').default(3),
  // Scan analytics (docs/analytics.md): how often the queue rolls scans up into the daily table and checks the
  // unusual-activity rule; a code is flagged when UNUSUAL_SCAN_VISITORS distinct devices scan it within
  // UNUSUAL_SCAN_WINDOW_MINUTES, or UNUSUAL_REVOKED_SCAN_VISITORS scan it revoked or expired within a day.
  ANALYTICS_ROLLUP_INTERVAL_SECONDS: wholeNumber(
    5,
    86_400,
    'must be a whole number of seconds from 5 to 86400',
  ).default(300),
  UNUSUAL_SCAN_VISITORS: wholeNumber(2, 1_000_000, 'must be a whole number from 2').default(20),
  UNUSUAL_SCAN_WINDOW_MINUTES: wholeNumber(
    1,
    1440,
    'must be a whole number of minutes from 1 to 1440',
  ).default(60),
  UNUSUAL_REVOKED_SCAN_VISITORS: wholeNumber(1, 1_000_000, 'must be a whole number from 1').default(
    3,
  ),
  // Plans: limits that win over the plans table's, as JSON by plan id (e.g. {"free": {"verifications_per_month": 2}});
  // for operators trying a change and for tests.
  PLAN_LIMITS_OVERRIDE: z
    .string()
    .transform((value, context): PlanLimitsOverride => {
      const parsed = planLimitsOverrideSchema.safeParse(parseJson(value));
      if (parsed.success) return parsed.data;
      context.addIssue({
        code: 'custom',
        message: `must be JSON by plan id (${PLAN_IDS.join(', ')}) with limits ${PLAN_LIMIT_KEYS.join(', ')}`,
      });
      return z.NEVER;
    })
    .default({}),
  // The plan an account is on while it pays for none (docs/configuration.md): new accounts start on it. Unset: free
  // when Stripe is configured, enterprise (unlimited) when not — a server that sells no plans limits nobody.
  DEFAULT_PLAN: z
    .enum(PLAN_IDS, { error: `must name a plan: one of ${PLAN_IDS.join(', ')}` })
    .optional(),
  // Stripe: payments are on when the secret key is set (the webhook secret is then required). STRIPE_API_BASE points
  // the SDK elsewhere (a fake Stripe in tests).
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: httpUrl().optional(),
  // Sealed QR codes (docs/seals.md): the key that encrypts every account's signing key in the database. Unset: one
  // generated at first start in DATA_DIR/seal-master-key (a warning says so) — set it when several instances share
  // the database, and keep it with the backups: without it the stored signing keys cannot be used.
  SEAL_MASTER_KEY: key256().optional(),
  STATIC_DIR: absolutePath('./dist'),
  // The web app's source maps are built (for error reports) but served only when this is on: they hold its
  // whole source.
  SERVE_SOURCE_MAPS: flag().default(false),
  ACCESS_TOKEN_TTL_SECONDS: seconds().default(SESSION_LIFETIME_SECONDS),
  REFRESH_TOKEN_TTL_SECONDS: seconds().default(30 * DAY_SECONDS),
  // A rotated refresh token presented again this soon (another tab, a retry) gets the same new pair; 0 = none.
  REFRESH_GRACE_SECONDS: wholeNumber(
    0,
    300,
    'must be a whole number of seconds from 0 to 300',
  ).default(10),
  GOOGLE_CLIENT_ID: z.string().default(PUBLIC_SETTING_DEFAULTS.GOOGLE_CLIENT_ID),
  GOOGLE_USERINFO_URL: httpUrl().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_TOKENINFO_URL: httpUrl().default('https://oauth2.googleapis.com/tokeninfo'),
  // Attempts per minute; 0 turns a limit off.
  // Password sign-ins from one IP for one email (the lockout), and failed ones for one email from anywhere.
  RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: attemptsPerMinute().default(10),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: attemptsPerMinute().default(50),
  RATE_LIMIT_SIGN_IN_PER_IP: attemptsPerMinute().default(30),
  RATE_LIMIT_OTP_PER_EMAIL: attemptsPerMinute().default(10),
  RATE_LIMIT_RESEND_OTP_PER_IP: attemptsPerMinute().default(20),
  RATE_LIMIT_FORGOT_PASSWORD_PER_IP: attemptsPerMinute().default(20),
  RATE_LIMIT_REGISTER_PER_IP: attemptsPerMinute().default(10),
  // Documents and logos sent per IP, counted before the body is read.
  RATE_LIMIT_UPLOADS_PER_IP: attemptsPerMinute().default(120),
  // Team invitations an account sends, and invitation mails sent again for one member.
  RATE_LIMIT_TEAM_INVITES_PER_ACCOUNT: attemptsPerMinute().default(20),
  RATE_LIMIT_INVITATION_RESENDS_PER_MEMBER: attemptsPerMinute().default(3),
  // Requests a minute made with one API key (answered with RateLimit-* headers, 429 beyond).
  RATE_LIMIT_API_KEY_REQUESTS: attemptsPerMinute().default(600),
  // Support: messages one user sends a minute (each mails the support inbox), counted before the body is read.
  RATE_LIMIT_SUPPORT_MESSAGES_PER_USER: attemptsPerMinute().default(5),
  // Webhooks: seconds to wait before each retry of a failed delivery (after the last, the endpoint is turned off
  // and the owner mailed), how long one attempt may take, and which targets are allowed. Local URLs (loopback,
  // private, link-local, metadata addresses) are for tests only: they open the door to SSRF.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'must be seconds separated by commas, such as 5,300,1800')
    .transform((value) => value.split(',').map(Number))
    .refine(
      (delays) => delays.every((delay) => delay >= 1),
      'every delay must be at least 1 second',
    )
    .default([5, 300, 1800, 7200, 18_000, 36_000, 36_000]),
  WEBHOOK_TIMEOUT_SECONDS: wholeNumber(
    1,
    60,
    'must be a whole number of seconds from 1 to 60',
  ).default(15),
  WEBHOOKS_ALLOW_HTTP: flag().default(false),
  WEBHOOKS_ALLOW_LOCAL_URLS: flag().default(false),
  // Link import and cloud sources (Companion under /companion). Unset secret: one generated and kept in the database.
  COMPANION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Lets links to loopback and private addresses through (tests and local runs only: it opens the door to SSRF).
  COMPANION_ALLOW_LOCAL_URLS: flag().default(false),
  // A cloud source appears in the file picker when both its key and its secret are set.
  COMPANION_GOOGLE_KEY: z.string().optional(),
  COMPANION_GOOGLE_SECRET: z.string().optional(),
  COMPANION_DROPBOX_KEY: z.string().optional(),
  COMPANION_DROPBOX_SECRET: z.string().optional(),
  COMPANION_ONEDRIVE_KEY: z.string().optional(),
  COMPANION_ONEDRIVE_SECRET: z.string().optional(),
  COMPANION_BOX_KEY: z.string().optional(),
  COMPANION_BOX_SECRET: z.string().optional(),
  // The install's document-signing CA from a PKCS #12 file (a CA of the operator's own PKI, ECDSA P-256) instead of
  // the one the server makes; checked at start. Replacing the file and restarting rotates it (docs/signing.md).
  DOCUMENT_CA_P12: z
    .string()
    .min(1)
    .transform((value) => path.resolve(value))
    .optional(),
  DOCUMENT_CA_P12_PASSWORD: z.string().optional(),
  // An RFC 3161 time-stamping authority: secured PDFs are signed PAdES B-LTA (B-T by an issuer's own certificate)
  // when it answers within TSA_TIMEOUT_SECONDS, B-B otherwise and upgraded by a job once it answers
  // (docs/signing.md). Basic auth when TSA_USERNAME is set.
  TSA_URL: httpUrl().optional(),
  TSA_USERNAME: z.string().optional(),
  TSA_PASSWORD: z.string().optional(),
  TSA_TIMEOUT_SECONDS: wholeNumber(
    1,
    120,
    'must be a whole number of seconds from 1 to 120',
  ).default(10),
  // Files in an S3-compatible bucket instead of DATA_DIR/files: chosen by S3_BUCKET (docs/deployment.md).
  S3_BUCKET: z.string().optional(),
  // Another S3-compatible store (MinIO, R2, s3rver); unset: AWS.
  S3_ENDPOINT: httpUrl().optional(),
  S3_REGION: z.string().default('us-east-1'),
  // Unset: the AWS SDK's own chain (environment, instance role).
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // bucket in the path (http://host/bucket/key) rather than the host name: most stores other than AWS need it.
  S3_FORCE_PATH_STYLE: flag().default(false),
  // Several instances: rate-limit counters and Companion's sessions live in Redis when set (in process otherwise).
  REDIS_URL: urlWithProtocol(/^rediss?$/, 'must be a redis:// or rediss:// URL').optional(),
  // Prometheus metrics at /metrics, for a scraper sending `Authorization: Bearer <token>`; unset: no /metrics.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = Readonly<
  Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'DEFAULT_PLAN'> & {
    PUBLIC_URL: string;
    DEFAULT_PLAN: PlanId;
  }
>;

export type Environment = Record<string, string | undefined>;

/** Thrown for invalid settings; its message names every bad variable and is meant to be printed as-is. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// An empty value (`FOO=` in a .env file) means "not set", so it falls back to the default.
function withoutEmptyValues(env: Environment): Environment {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return `${issue.path.join('.')} ${issue.message}`;
}

export function loadConfig(env: Environment = process.env): Config {
  const result = envSchema
    .refine((settings) => !settings.STRIPE_SECRET_KEY || settings.STRIPE_WEBHOOK_SECRET, {
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: 'must be set when STRIPE_SECRET_KEY is (the webhook updates plans after payment)',
    })
    .refine((settings) => !settings.S3_ACCESS_KEY_ID === !settings.S3_SECRET_ACCESS_KEY, {
      path: ['S3_SECRET_ACCESS_KEY'],
      message:
        "must be set together with S3_ACCESS_KEY_ID (or neither, for the AWS SDK's own credentials)",
    })
    .safeParse(withoutEmptyValues(env));
  if (!result.success) {
    throw new ConfigError(result.error.issues.map(describeIssue));
  }
  const settings = result.data;
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(
    /\/+$/,
    '',
  );
  const defaultPlan = settings.DEFAULT_PLAN ?? (settings.STRIPE_SECRET_KEY ? 'free' : 'enterprise');
  return Object.freeze({ ...settings, PUBLIC_URL: publicUrl, DEFAULT_PLAN: defaultPlan });
}

export function isHttpsDeployment(config: Config): boolean {
  return config.PUBLIC_URL.startsWith('https://');
}
