// What is never shown in the clear outside the screen that needs it: Redux DevTools, the support diagnostic and the
// reports Sentry gets all pass through redactSecrets, which masks one list of field names and the shapes of our keys.
import { API_KEY_PREFIX } from '@common/integrations';

export const SECRET_MARKER = '[secret]';

/**
 * Fields whose value is a credential wherever they appear, as every api/ folder and the session slice name them.
 * An invitation link's token is not here: it stands in the address bar of the screen that reads it.
 */
export const SECRET_FIELDS = [
  // Passwords: sign-in, sign-up (with an invitation too), the forgotten-password reset, Account → Password.
  'password',
  'current_password',
  'confirmPassword',
  // The session: the token endpoint's answer (password, Google, SSO, refresh) and the session slice.
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  // Google's token to convert, a token being revoked.
  'token',
  // The one-time codes mailed at sign-up, for a forgotten password and for an email change.
  'otp',
  // A webhook's signing secret; the OAuth client's and Stripe's client secrets.
  'secret',
  'client_secret',
  'clientSecret',
  // Request headers, should a report carry them.
  'Authorization',
  'X-CSRFTOKEN',
] as const;

const SECRET_FIELD_NAMES = new Set<string>(SECRET_FIELDS.map((name) => name.toLowerCase()));

/**
 * Credentials known by their shape wherever they stand (a message, a URL): an API key, shown once when it is
 * created (the list's `prefix` is shorter), a webhook's signing secret and a Stripe client secret.
 */
const SECRET_SHAPES = [
  new RegExp(`${API_KEY_PREFIX}[\\w-]{20,}`, 'g'),
  /whsec_[A-Za-z0-9+/]{20,}={0,2}/g,
  /\b(?:pi|seti)_\w+_secret_\w+/g,
];

/** Query parameters that are credentials in a URL only: the authorization code an SSO provider sends back. */
const SECRET_QUERY_PARAMETERS = new Set(['code']);

export function isSecretField(name: string): boolean {
  return SECRET_FIELD_NAMES.has(name.toLowerCase());
}

function redactText(text: string): string {
  return SECRET_SHAPES.reduce((masked, shape) => masked.replace(shape, SECRET_MARKER), text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** An empty value gives nothing away and says, usefully, that there is none (a signed-out session). */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * A copy of `value` with every secret field's value replaced by SECRET_MARKER and every key-shaped string masked.
 * Values other than plain objects, arrays and strings (a staged File, a number) are kept as they are.
 */
export function redactSecrets<T>(value: T): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecrets(item)) as T;
  if (!isPlainObject(value)) return value;
  const redacted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    redacted[redactText(key)] =
      isSecretField(key) && !isEmpty(field) ? SECRET_MARKER : redactSecrets(field);
  }
  return redacted as T;
}

/** A URL (absolute or a path) with the values of secret query parameters masked. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return redactText(url);
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart < 0 ? url.length : hashStart;
  const query = new URLSearchParams(url.slice(queryStart + 1, end));
  const secretNames = [...new Set(query.keys())].filter(
    (name) => isSecretField(name) || SECRET_QUERY_PARAMETERS.has(name),
  );
  if (secretNames.length === 0) return redactText(url);
  for (const name of secretNames) query.set(name, SECRET_MARKER);
  return redactText(`${url.slice(0, queryStart + 1)}${query.toString()}${url.slice(end)}`);
}
