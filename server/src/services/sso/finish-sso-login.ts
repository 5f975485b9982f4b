import * as oidc from 'openid-client';

import { normaliseEmail } from '@common/auth';

import { invalidGrant } from '../auth/auth-errors';

import { discoverSsoProvider } from './discover-sso-provider';
import { emailDomain } from './email-domain';
import { ssoRedirectUri } from './sso-redirect-uri';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface SsoIdentity {
  email: string;
  givenName?: string;
  familyName?: string;
  name?: string;
}

export interface SsoCallback {
  email: string;
  code: string;
  state?: string;
  publicUrl: string;
}

const NO_PENDING_LOGIN =
  'This single sign-on has expired or was already used. Please start again from the SSO page.';
const PROVIDER_REFUSED =
  "Your organisation's sign-in service did not confirm this sign-in. Please start again.";

function claimText(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The sso_token grant's first half: takes (and uses up) the pending login for this email and state,
 * exchanges the code with the provider (PKCE, nonce and state checked by openid-client) and checks that
 * the provider vouched for exactly this email, in a domain of the connection.
 */
export async function finishSsoLogin(
  db: Kysely<Database>,
  callback: SsoCallback,
): Promise<SsoIdentity> {
  // Taken in one statement, so one login can be finished once.
  const login = await db
    .deleteFrom('sso_logins')
    .where('state', '=', (eb) =>
      eb
        .selectFrom('sso_logins')
        .select('state')
        .where('email', '=', callback.email)
        .where('expires_at', '>', new Date())
        .$if(callback.state !== undefined, (query) =>
          query.where('state', '=', callback.state as string),
        )
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .returningAll()
    .executeTakeFirst();
  if (!login) throw invalidGrant(NO_PENDING_LOGIN);

  const connection = await db
    .selectFrom('sso_connections')
    .selectAll()
    .where('id', '=', login.connection_id)
    .executeTakeFirst();
  if (!connection) throw invalidGrant(NO_PENDING_LOGIN);

  let claims: Record<string, unknown>;
  try {
    const configuration = await discoverSsoProvider(connection);
    const callbackUrl = new URL(ssoRedirectUri(callback.publicUrl));
    callbackUrl.searchParams.set('code', callback.code);
    callbackUrl.searchParams.set('state', login.state);
    // The login is bound to this provider by its state, so the issuer the SPA did not forward is known.
    callbackUrl.searchParams.set('iss', configuration.serverMetadata().issuer);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: login.code_verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    if (!claimText(claims, 'email') && typeof claims.sub === 'string') {
      claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) };
    }
  } catch {
    throw invalidGrant(PROVIDER_REFUSED);
  }

  const email = normaliseEmail(claimText(claims, 'email') ?? '');
  if (claims.email_verified === false) {
    throw invalidGrant("Your organisation's sign-in service has not verified this email address.");
  }
  if (!connection.email_domains.includes(emailDomain(email))) {
    throw invalidGrant(
      "This email domain does not sign in through your organisation's sign-in service.",
    );
  }
  if (email !== callback.email) {
    throw invalidGrant(
      `You signed in to your organisation as a different email address (${email}). Use that address, or sign in to your organisation as ${callback.email}.`,
    );
  }
  return {
    email,
    givenName: claimText(claims, 'given_name'),
    familyName: claimText(claims, 'family_name'),
    name: claimText(claims, 'name'),
  };
}
