// Settings the SPA reads from the server (injected into index.html) and the server also needs: one set of
// defaults for both sides.
export const PUBLIC_SETTING_DEFAULTS = {
  OAUTH_CLIENT_ID: 'qr-verify-web',
  OAUTH_CLIENT_SECRET: 'qr-verify-web-public-secret',
  BOOK_A_DEMO_URL: 'https://calendly.com/qr-verify/demo',
  SUPPORT_EMAIL: 'support@qrverify.app',
  SENTRY_DSN: '',
  GOOGLE_CLIENT_ID: '',
  /** The service status page the support screen links to; empty: no link. */
  STATUS_PAGE_URL: '',
} as const;

export type PublicSettingName = keyof typeof PUBLIC_SETTING_DEFAULTS;
export const PUBLIC_SETTING_NAMES = Object.keys(PUBLIC_SETTING_DEFAULTS) as PublicSettingName[];
export type PublicSettings = Record<PublicSettingName, string>;

/** The id of index.html's JSON block that carries the public settings. */
export const PUBLIC_SETTINGS_ELEMENT_ID = 'public-settings';

/**
 * The settings as a JSON data block for index.html: data, not a script, so the CSP does not stop it. Every `<`
 * is escaped, so no value can close the tag.
 */
export function publicSettingsScript(settings: PublicSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** Access tokens live as long as the client's session: 48 hours. */
export const SESSION_LIFETIME_SECONDS = 48 * 60 * 60;
