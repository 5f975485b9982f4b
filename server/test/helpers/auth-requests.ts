// Calls to the auth API as the SPA makes them, for the route tests.
import type { TokenResponse } from '@common/auth-schemas';
import { PUBLIC_SETTING_DEFAULTS } from '@common/public-settings';

import type { MailCapture } from './mail-capture';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const CLIENT: { client_id: string; client_secret: string } = {
  client_id: PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_ID,
  client_secret: PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_SECRET,
};

export const GOOD_PASSWORD = 'Correct-horse-9';

export type TokenPair = TokenResponse;

/** A multipart/form-data body, as the browser's FormData sends it. */
export function multipart(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  const boundary = '----qrverify-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function urlencoded(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export function register(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: {
      first_name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: GOOD_PASSWORD,
      referrer: 'https://news.example/',
      journey: ['https://qrverify.app/', 'https://qrverify.app/pricing'],
      ...fields,
    },
  });
}

export function verifyEmail(
  app: FastifyInstance,
  email: string,
  otp: string,
  source?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url: `/api/auth/email-verification/${source ? `?source=${source}` : ''}`,
    payload: { email, otp },
  });
}

export function passwordGrant(
  app: FastifyInstance,
  email: string,
  password: string,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    ...multipart({ grant_type: 'password', ...CLIENT, email, password, ...extra }),
  });
}

export function refreshGrant(
  app: FastifyInstance,
  refreshToken: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    ...urlencoded({ grant_type: 'refresh_token', ...CLIENT, refresh_token: refreshToken }),
  });
}

export function getProfile(
  app: FastifyInstance,
  accessToken?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/api/auth/profile/',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

/** Registers, verifies with the mailed code and signs in: a ready account and its first token pair. */
export async function signedUpUser(
  app: FastifyInstance,
  mail: MailCapture,
  email = 'ada@example.com',
  password = GOOD_PASSWORD,
): Promise<TokenPair> {
  const registered = await register(app, { email, password });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const verified = await verifyEmail(app, email, mail.lastCode(email), 'signup');
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  const signedIn = await passwordGrant(app, email, password);
  if (signedIn.statusCode !== 200) throw new Error(`sign in: ${signedIn.body}`);
  return signedIn.json<TokenPair>();
}
