// Public settings embedded at build time (webpack's DefinePlugin replaces each `process.env.X`),
// validated once here so the rest of the SPA reads typed, non-empty values.
import { PUBLIC_SETTING_DEFAULTS, type PublicSettingName } from '@common/public-settings';

type Validator = (value: string) => boolean;

const isHttpUrl: Validator = (value) => /^https?:\/\/\S+$/i.test(value);
const isEmail: Validator = (value) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
const isAnything: Validator = () => true;

function readSetting(
  name: PublicSettingName,
  raw: string | undefined,
  isValid: Validator = isAnything,
): string {
  const value = raw?.trim();
  if (!value) return PUBLIC_SETTING_DEFAULTS[name];
  if (isValid(value)) return value;
  // A broken build setting must not break the app; the default keeps links and mails working.
  console.warn(`Public setting ${name} is invalid ("${value}"); using the default.`);
  return PUBLIC_SETTING_DEFAULTS[name];
}

export const env: Readonly<Record<PublicSettingName, string>> = {
  OAUTH_CLIENT_ID: readSetting('OAUTH_CLIENT_ID', process.env.OAUTH_CLIENT_ID),
  OAUTH_CLIENT_SECRET: readSetting('OAUTH_CLIENT_SECRET', process.env.OAUTH_CLIENT_SECRET),
  SENTRY_DSN: readSetting('SENTRY_DSN', process.env.SENTRY_DSN, isHttpUrl),
  BOOK_A_DEMO_URL: readSetting('BOOK_A_DEMO_URL', process.env.BOOK_A_DEMO_URL, isHttpUrl),
  SUPPORT_EMAIL: readSetting('SUPPORT_EMAIL', process.env.SUPPORT_EMAIL, isEmail),
  GOOGLE_CLIENT_ID: readSetting('GOOGLE_CLIENT_ID', process.env.GOOGLE_CLIENT_ID),
};
