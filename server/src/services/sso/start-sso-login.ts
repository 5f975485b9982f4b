import { sql } from 'kysely';
import * as oidc from 'openid-client';

import { ssoNotSetUp, ssoProviderUnavailable } from '../auth/auth-errors';

import { discoverSsoProvider } from './discover-sso-provider';
import { emailDomain } from './email-domain';
import { ssoRedirectUri } from './sso-redirect-uri';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export const SSO_LOGIN_LIFETIME_MINUTES = 10;

/**
 * The SSO redirect call: finds the connection for the email's domain and answers the provider's
 * authorization URL (code flow with state, nonce and PKCE S256). What the finish needs is kept in sso_logins.
 */
export async function startSsoLogin(
  db: Kysely<Database>,
  { email, publicUrl }: { email: string; publicUrl: string },
): Promise<string> {
  const connection = await db
    .selectFrom('sso_connections')
    .selectAll()
    .where(sql<boolean>`${emailDomain(email)} = any(email_domains)`)
    .executeTakeFirst();
  if (!connection) throw ssoNotSetUp();

  let configuration: oidc.Configuration;
  try {
    configuration = await discoverSsoProvider(connection);
  } catch (error) {
    throw ssoProviderUnavailable(error);
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: ssoRedirectUri(publicUrl),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email,
  });

  const now = new Date();
  await db.deleteFrom('sso_logins').where('expires_at', '<', now).execute();
  await db
    .insertInto('sso_logins')
    .values({
      state,
      connection_id: connection.id,
      email,
      code_verifier: codeVerifier,
      nonce,
      expires_at: new Date(now.getTime() + SSO_LOGIN_LIFETIME_MINUTES * 60_000),
    })
    .execute();
  return authUrl.toString();
}
