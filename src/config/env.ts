// Public settings the server writes into index.html at run time (a JSON block, see publicSettingsScript),
// validated once here so the rest of the SPA reads typed, non-empty values.
import {
  PUBLIC_SETTING_DEFAULTS,
  PUBLIC_SETTINGS_ELEMENT_ID,
  type PublicSettingName,
} from '@common/public-settings';

type Validator = (value: string) => boolean;

const isHttpUrl: Validator = (value) => /^https?:\/\/\S+$/i.test(value);
const isEmail: Validator = (value) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
const isAnything: Validator = () => true;

/** The injected settings; none (so every default) when the page has no block, as under the test runner. */
function readInjectedSettings(): Partial<Record<PublicSettingName, unknown>> {
  const text = document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    console.warn('The public settings in the page are not valid JSON; using the defaults.');
    return {};
  }
}

const injected = readInjectedSettings();

function readSetting(name: PublicSettingName, isValid: Validator = isAnything): string {
  const raw = injected[name];
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return PUBLIC_SETTING_DEFAULTS[name];
  if (isValid(value)) return value;
  // A broken setting must not break the app; the default keeps links and mails working.
  console.warn(`Public setting ${name} is invalid ("${value}"); using the default.`);
  return PUBLIC_SETTING_DEFAULTS[name];
}

export const env: Readonly<Record<PublicSettingName, string>> = {
  OAUTH_CLIENT_ID: readSetting('OAUTH_CLIENT_ID'),
  OAUTH_CLIENT_SECRET: readSetting('OAUTH_CLIENT_SECRET'),
  SENTRY_DSN: readSetting('SENTRY_DSN', isHttpUrl),
  BOOK_A_DEMO_URL: readSetting('BOOK_A_DEMO_URL', isHttpUrl),
  SUPPORT_EMAIL: readSetting('SUPPORT_EMAIL', isEmail),
  GOOGLE_CLIENT_ID: readSetting('GOOGLE_CLIENT_ID'),
  STATUS_PAGE_URL: readSetting('STATUS_PAGE_URL', isHttpUrl),
};
