import { availableParallelism } from 'node:os';
import path from 'node:path';

import { PUBLIC_SETTING_DEFAULTS } from '@common/public-settings';

import { ConfigError, loadConfig } from '../src/config';

function configErrorMessage(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to reject the environment');
}

test('runs on defaults when nothing is set', () => {
  const config = loadConfig({});

  expect(config).toEqual({
    PORT: 8080,
    HOST: '127.0.0.1',
    SHUTDOWN_GRACE_SECONDS: 10,
    TRUST_PROXY: false,
    TSA_TIMEOUT_SECONDS: 10,
    DATA_DIR: path.resolve('data'),
    MAIL_FROM: 'QR Verify <no-reply@qrverify.local>',
    PUBLIC_URL: 'http://localhost:8080',
    OAUTH_CLIENT_ID: PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_ID,
    OAUTH_CLIENT_SECRET: PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_SECRET,
    BOOK_A_DEMO_URL: PUBLIC_SETTING_DEFAULTS.BOOK_A_DEMO_URL,
    SUPPORT_EMAIL: PUBLIC_SETTING_DEFAULTS.SUPPORT_EMAIL,
    LOG_LEVEL: 'info',
    LOG_SLOW_REQUEST_MS: 1000,
    LOG_REQUEST_SAMPLE_RATE: 0,
    BODY_LIMIT_BYTES: 1024 * 1024,
    UPLOAD_MAX_BYTES: 25 * 1024 * 1024,
    SECURING_WORKERS: Math.max(1, availableParallelism() - 1),
    SECURING_TIMEOUT_SECONDS: 60,
    ORPHANED_FILES_MIN_AGE_SECONDS: 600,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: false,
    SECURING_QUEUE_LENGTH: 10,
    QUEUE_POLL_INTERVAL_SECONDS: 2,
    QUEUE_MAINTENANCE_INTERVAL_SECONDS: 30,
    BULK_MAX_ROWS: 10_000,
    BULK_SHEET_MAX_BYTES: 10 * 1024 * 1024,
    BULK_MAX_ZIP_BYTES: 1024 * 1024 * 1024,
    PDF_MAX_PAGES: 5_000,
    PDF_MAX_OBJECTS: 200_000,
    PDF_MAX_INFLATED_BYTES: 64 * 1024 * 1024,
    STATIC_DIR: path.resolve('dist'),
    SERVE_SOURCE_MAPS: false,
    ACCESS_TOKEN_TTL_SECONDS: 48 * 60 * 60,
    REFRESH_TOKEN_TTL_SECONDS: 30 * 24 * 60 * 60,
    REFRESH_GRACE_SECONDS: 10,
    GOOGLE_CLIENT_ID: '',
    GOOGLE_USERINFO_URL: 'https://openidconnect.googleapis.com/v1/userinfo',
    GOOGLE_TOKENINFO_URL: 'https://oauth2.googleapis.com/tokeninfo',
    RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: 10,
    RATE_LIMIT_SIGN_IN_PER_EMAIL: 50,
    RATE_LIMIT_SIGN_IN_PER_IP: 30,
    RATE_LIMIT_UPLOADS_PER_IP: 120,
    RATE_LIMIT_TEAM_INVITES_PER_ACCOUNT: 20,
    RATE_LIMIT_INVITATION_RESENDS_PER_MEMBER: 3,
    RATE_LIMIT_OTP_PER_EMAIL: 10,
    RATE_LIMIT_RESEND_OTP_PER_IP: 20,
    RATE_LIMIT_FORGOT_PASSWORD_PER_IP: 20,
    RATE_LIMIT_REGISTER_PER_IP: 10,
    COMPANION_ALLOW_LOCAL_URLS: false,
    RATE_LIMIT_API_KEY_REQUESTS: 600,
    RATE_LIMIT_SUPPORT_MESSAGES_PER_USER: 5,
    WEBHOOK_RETRY_SCHEDULE: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
    WEBHOOK_TIMEOUT_SECONDS: 15,
    WEBHOOKS_ALLOW_HTTP: false,
    WEBHOOKS_ALLOW_LOCAL_URLS: false,
    CUSTOM_DOMAIN_SCHEME: 'https',
    CUSTOM_DOMAIN_RECHECK_SECONDS: 300,
    ACCOUNT_DELETION_GRACE_DAYS: 14,
    BACKUP_INTERVAL_HOURS: 24,
    BACKUP_KEEP: 3,
    ANALYTICS_ROLLUP_INTERVAL_SECONDS: 300,
    UNUSUAL_SCAN_VISITORS: 20,
    UNUSUAL_SCAN_WINDOW_MINUTES: 60,
    UNUSUAL_REVOKED_SCAN_VISITORS: 3,
    PLAN_LIMITS_OVERRIDE: {},
    DEFAULT_PLAN: 'enterprise',
  });
  expect(config.DATABASE_URL).toBeUndefined();
  expect(config.SMTP_URL).toBeUndefined();
  expect(config.SENTRY_DSN).toBeUndefined();
  expect(config.STATUS_PAGE_URL).toBeUndefined();
});

test('reads every setting from the environment', () => {
  const config = loadConfig({
    PORT: '3000',
    HOST: '0.0.0.0',
    DATA_DIR: '/var/lib/qrv',
    DATABASE_URL: 'postgres://qrv:pw@db:5432/qrv',
    SMTP_URL: 'smtps://user:pw@mail.example.com:465',
    MAIL_FROM: 'Verify <verify@example.com>',
    PUBLIC_URL: 'https://verify.example.com/',
    OAUTH_CLIENT_ID: 'id',
    OAUTH_CLIENT_SECRET: 'secret',
    SENTRY_DSN: 'https://key@sentry.example.com/1',
    BOOK_A_DEMO_URL: 'https://example.com/demo',
    SUPPORT_EMAIL: 'help@example.com',
    LOG_LEVEL: 'debug',
    BODY_LIMIT_BYTES: '2048',
    STATIC_DIR: '/srv/spa',
  });

  expect(config).toMatchObject({
    PORT: 3000,
    HOST: '0.0.0.0',
    DATA_DIR: '/var/lib/qrv',
    DATABASE_URL: 'postgres://qrv:pw@db:5432/qrv',
    SMTP_URL: 'smtps://user:pw@mail.example.com:465',
    MAIL_FROM: 'Verify <verify@example.com>',
    PUBLIC_URL: 'https://verify.example.com',
    OAUTH_CLIENT_ID: 'id',
    OAUTH_CLIENT_SECRET: 'secret',
    SENTRY_DSN: 'https://key@sentry.example.com/1',
    BOOK_A_DEMO_URL: 'https://example.com/demo',
    SUPPORT_EMAIL: 'help@example.com',
    LOG_LEVEL: 'debug',
    BODY_LIMIT_BYTES: 2048,
    STATIC_DIR: '/srv/spa',
  });
});

test('derives the default public URL from PORT', () => {
  expect(loadConfig({ PORT: '9090' }).PUBLIC_URL).toBe('http://localhost:9090');
});

test('treats empty values as unset, as a .env file with FOO= means', () => {
  const config = loadConfig({ PORT: '', DATABASE_URL: '', SENTRY_DSN: ' ' });

  expect(config.PORT).toBe(8080);
  expect(config.DATABASE_URL).toBeUndefined();
  expect(config.SENTRY_DSN).toBeUndefined();
});

test('names a PORT that is not a port number', () => {
  expect(configErrorMessage({ PORT: 'eighty' })).toContain(
    'PORT must be a port number from 0 to 65535',
  );
  expect(configErrorMessage({ PORT: '70000' })).toContain(
    'PORT must be a port number from 0 to 65535',
  );
});

test('names URLs that are malformed or of the wrong kind', () => {
  const message = configErrorMessage({
    PUBLIC_URL: 'not a url',
    DATABASE_URL: 'mysql://db/qrv',
    SMTP_URL: 'http://mail.example.com',
  });

  expect(message).toContain('PUBLIC_URL must be an http:// or https:// URL');
  expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  expect(message).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
});

test('lists every bad variable at once, one per line', () => {
  const message = configErrorMessage({
    LOG_LEVEL: 'loud',
    BODY_LIMIT_BYTES: '0',
    SUPPORT_EMAIL: 'nobody',
  });

  expect(message.split('\n')).toEqual([
    'Invalid configuration:',
    '  - SUPPORT_EMAIL must be an email address',
    '  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    '  - BODY_LIMIT_BYTES must be a whole number of bytes above 0',
  ]);
});

test('never echoes a value, which may be a secret', () => {
  const message = configErrorMessage({ DATABASE_URL: 'mysql://admin:hunter2@db/qrv' });

  expect(message).not.toContain('hunter2');
});

test('returns a frozen object so no code changes settings at run time', () => {
  expect(Object.isFrozen(loadConfig({}))).toBe(true);
});

test('reads the sign-in settings and names bad ones', () => {
  const config = loadConfig({
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    REFRESH_TOKEN_TTL_SECONDS: '86400',
    GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
    GOOGLE_USERINFO_URL: 'http://127.0.0.1:9999/me',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '0',
  });
  expect(config).toMatchObject({
    ACCESS_TOKEN_TTL_SECONDS: 3600,
    REFRESH_TOKEN_TTL_SECONDS: 86400,
    GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
    GOOGLE_USERINFO_URL: 'http://127.0.0.1:9999/me',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: 0,
  });

  const message = configErrorMessage({
    ACCESS_TOKEN_TTL_SECONDS: '0',
    RATE_LIMIT_REGISTER_PER_IP: 'many',
  });
  expect(message).toContain('ACCESS_TOKEN_TTL_SECONDS must be a whole number of seconds above 0');
  expect(message).toContain(
    'RATE_LIMIT_REGISTER_PER_IP must be a whole number of attempts per minute (0 = no limit)',
  );
});

test('reads the request-log settings and names bad ones', () => {
  const config = loadConfig({ LOG_SLOW_REQUEST_MS: '250', LOG_REQUEST_SAMPLE_RATE: '0.05' });

  expect(config).toMatchObject({ LOG_SLOW_REQUEST_MS: 250, LOG_REQUEST_SAMPLE_RATE: 0.05 });
  expect(loadConfig({ LOG_REQUEST_SAMPLE_RATE: '1' }).LOG_REQUEST_SAMPLE_RATE).toBe(1);

  for (const rate of ['1.5', '-0.1', 'some']) {
    expect(configErrorMessage({ LOG_REQUEST_SAMPLE_RATE: rate })).toContain(
      'LOG_REQUEST_SAMPLE_RATE must be a number from 0 to 1',
    );
  }
  expect(configErrorMessage({ LOG_SLOW_REQUEST_MS: '1.5' })).toContain(
    'LOG_SLOW_REQUEST_MS must be a whole number of milliseconds (0 = off)',
  );
});

test('TRUST_PROXY: off, a hop count or proxy addresses and ranges; anything else is named', () => {
  expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).TRUST_PROXY).toEqual([
    '10.0.0.1',
    '172.16.0.0/12',
    '::1',
    'loopback',
  ]);

  for (const value of ['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1,', '-1']) {
    expect(configErrorMessage({ TRUST_PROXY: value })).toContain(
      'TRUST_PROXY must be a hop count (1 = one proxy in front) or a comma-separated list of proxy addresses or CIDR ranges',
    );
  }
});

test('reads the file-import settings: a flag for local links, and a short secret is refused', () => {
  const config = loadConfig({
    COMPANION_ALLOW_LOCAL_URLS: 'true',
    COMPANION_SECRET: 'x'.repeat(32),
    COMPANION_DROPBOX_KEY: 'key',
  });
  expect(config).toMatchObject({
    COMPANION_ALLOW_LOCAL_URLS: true,
    COMPANION_SECRET: 'x'.repeat(32),
    COMPANION_DROPBOX_KEY: 'key',
  });
  expect(loadConfig({ COMPANION_ALLOW_LOCAL_URLS: '0' }).COMPANION_ALLOW_LOCAL_URLS).toBe(false);
  expect(configErrorMessage({ COMPANION_ALLOW_LOCAL_URLS: 'yes', COMPANION_SECRET: 'short' })).toBe(
    'Invalid configuration:\n' +
      '  - COMPANION_SECRET must be at least 32 characters\n' +
      '  - COMPANION_ALLOW_LOCAL_URLS must be true or false',
  );
});

test('SEAL_MASTER_KEY: 32 bytes as hex or base64 (standard or URL-safe); anything else is named', () => {
  const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => index * 7 + 250));
  expect(loadConfig({ SEAL_MASTER_KEY: bytes.toString('hex') }).SEAL_MASTER_KEY).toEqual(bytes);
  expect(loadConfig({ SEAL_MASTER_KEY: bytes.toString('base64') }).SEAL_MASTER_KEY).toEqual(bytes);
  expect(loadConfig({ SEAL_MASTER_KEY: bytes.toString('base64url') }).SEAL_MASTER_KEY).toEqual(
    bytes,
  );
  expect(loadConfig({}).SEAL_MASTER_KEY).toBeUndefined();
  const message =
    'Invalid configuration:\n  - SEAL_MASTER_KEY must be 32 random bytes as 64 hex digits or base64 ' +
    '(e.g. the output of `openssl rand -base64 32`)';
  for (const bad of [
    'too short',
    'ab'.repeat(31),
    Buffer.alloc(31).toString('base64'),
    'x'.repeat(64),
  ]) {
    expect(configErrorMessage({ SEAL_MASTER_KEY: bad })).toBe(message);
  }
});

test('reads the custom domain settings: the target in lower case, DNS servers as IP addresses with ports', () => {
  const config = loadConfig({
    CUSTOM_DOMAIN_TARGET: 'Domains.QRVerify.app',
    DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1, [::1]:53',
    CUSTOM_DOMAIN_SCHEME: 'http',
    CUSTOM_DOMAIN_RECHECK_SECONDS: '60',
  });
  expect(config).toMatchObject({
    CUSTOM_DOMAIN_TARGET: 'domains.qrverify.app',
    DNS_SERVERS: ['127.0.0.1:5353', '1.1.1.1', '[::1]:53'],
    CUSTOM_DOMAIN_SCHEME: 'http',
    CUSTOM_DOMAIN_RECHECK_SECONDS: 60,
  });
  expect(
    configErrorMessage({ DNS_SERVERS: 'dns.google', CUSTOM_DOMAIN_TARGET: 'https://x.example' }),
  ).toBe(
    'Invalid configuration:\n' +
      '  - CUSTOM_DOMAIN_TARGET must be a host name such as domains.example.com\n' +
      '  - DNS_SERVERS must be comma-separated IP addresses with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)',
  );
  expect(configErrorMessage({ DNS_SERVERS: '1.1.1.1:70000' })).toContain('DNS_SERVERS');
});

test('reads plan limit overrides by plan id, and Stripe settings that come together', () => {
  const config = loadConfig({
    PLAN_LIMITS_OVERRIDE:
      '{"free": {"verifications_per_month": 2, "team_members": 1}, "pro": {"bulk_rows": null}}',
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_API_BASE: 'http://127.0.0.1:12111',
  });
  expect(config.PLAN_LIMITS_OVERRIDE).toEqual({
    free: { verifications_per_month: 2, team_members: 1 },
    pro: { bulk_rows: null },
  });
  expect(config).toMatchObject({
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_API_BASE: 'http://127.0.0.1:12111',
  });
  const overrideProblem =
    'PLAN_LIMITS_OVERRIDE must be JSON by plan id (free, starter, pro, enterprise) with limits ' +
    'verifications_per_month, bulk_rows, team_members, custom_domain, api_access';
  for (const bad of [
    '{free: 2}',
    '{"gold": {}}',
    '{"free": {"scans": 1}}',
    '{"free": {"bulk_rows": -1}}',
  ]) {
    expect(configErrorMessage({ PLAN_LIMITS_OVERRIDE: bad })).toBe(
      `Invalid configuration:\n  - ${overrideProblem}`,
    );
  }
  expect(configErrorMessage({ STRIPE_SECRET_KEY: 'sk_test_1' })).toContain(
    'STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is',
  );
});

test('DEFAULT_PLAN: free when Stripe sells plans, enterprise when nothing is sold, or the plan named', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
  expect(loadConfig({}).DEFAULT_PLAN).toBe('enterprise');
  expect(loadConfig(stripe).DEFAULT_PLAN).toBe('free');
  expect(loadConfig({ DEFAULT_PLAN: 'starter' }).DEFAULT_PLAN).toBe('starter');
  expect(loadConfig({ ...stripe, DEFAULT_PLAN: 'pro' }).DEFAULT_PLAN).toBe('pro');
  // An empty value is unset, as for every setting.
  expect(loadConfig({ DEFAULT_PLAN: ' ' }).DEFAULT_PLAN).toBe('enterprise');
  for (const bad of ['gold', 'Free']) {
    expect(configErrorMessage({ DEFAULT_PLAN: bad })).toBe(
      'Invalid configuration:\n  - DEFAULT_PLAN must name a plan: one of free, starter, pro, enterprise',
    );
  }
});

test('reads the scale-out settings: S3 keys come in pairs, Redis and metrics are checked', () => {
  const config = loadConfig({
    S3_BUCKET: 'qrverify-files',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: 'true',
    REDIS_URL: 'redis://127.0.0.1:6379',
    METRICS_TOKEN: 't'.repeat(16),
    ORPHANED_FILES_MIN_AGE_SECONDS: '0',
  });
  expect(config).toMatchObject({
    S3_BUCKET: 'qrverify-files',
    S3_FORCE_PATH_STYLE: true,
    REDIS_URL: 'redis://127.0.0.1:6379',
    ORPHANED_FILES_MIN_AGE_SECONDS: 0,
  });
  expect(
    configErrorMessage({
      S3_ENDPOINT: 'ftp://store',
      REDIS_URL: 'http://127.0.0.1:6379',
      METRICS_TOKEN: 'short',
    }),
  ).toBe(
    'Invalid configuration:\n' +
      '  - S3_ENDPOINT must be an http:// or https:// URL\n' +
      '  - REDIS_URL must be a redis:// or rediss:// URL\n' +
      '  - METRICS_TOKEN must be at least 16 characters',
  );
  expect(configErrorMessage({ S3_ACCESS_KEY_ID: 'id' })).toBe(
    'Invalid configuration:\n' +
      "  - S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID (or neither, for the AWS SDK's own credentials)",
  );
});

test('reads the shutdown grace in seconds, up to five minutes', () => {
  expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).SHUTDOWN_GRACE_SECONDS).toBe(0);
  expect(configErrorMessage({ SHUTDOWN_GRACE_SECONDS: '301' })).toContain(
    'SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 300',
  );
});

test('reads the snapshot settings: 0 hours turns snapshots off, at least one is kept', () => {
  expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '7' })).toMatchObject({
    BACKUP_INTERVAL_HOURS: 0,
    BACKUP_KEEP: 7,
  });
  expect(configErrorMessage({ BACKUP_INTERVAL_HOURS: 'daily' })).toContain(
    'BACKUP_INTERVAL_HOURS must be a whole number of hours from 0 to 8760',
  );
  expect(configErrorMessage({ BACKUP_KEEP: '0' })).toContain(
    'BACKUP_KEEP must be a whole number from 1 to 1000',
  );
});
