// Settings the SPA build embeds and the server also needs: one set of defaults for both sides.
export const PUBLIC_SETTING_DEFAULTS = {
  OAUTH_CLIENT_ID: 'qr-verify-web',
  OAUTH_CLIENT_SECRET: 'qr-verify-web-public-secret',
  BOOK_A_DEMO_URL: 'https://calendly.com/qr-verify/demo',
  SUPPORT_EMAIL: 'support@qrverify.app',
  SENTRY_DSN: '',
  GOOGLE_CLIENT_ID: '',
} as const;

export type PublicSettingName = keyof typeof PUBLIC_SETTING_DEFAULTS;
export const PUBLIC_SETTING_NAMES = Object.keys(PUBLIC_SETTING_DEFAULTS) as PublicSettingName[];

/** Access tokens live as long as the client's session (spec: 48 hours). */
export const SESSION_LIFETIME_SECONDS = 48 * 60 * 60;
