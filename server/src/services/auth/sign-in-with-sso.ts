import type { TokenResponse } from '@common/auth-schemas';

import { finishSsoLogin, type SsoCallback } from '../sso/finish-sso-login';

import { displayName } from './display-name';
import { findOrCreateExternalUser } from './find-or-create-external-user';
import { issueTokens, type TokenLifetimes } from './issue-tokens';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The sso_token grant: finishes the provider's sign-in, creating the account on first use. */
export async function signInWithSso(
  deps: { db: Kysely<Database>; lifetimes: TokenLifetimes },
  { userAgent, ...callback }: SsoCallback & { userAgent?: string },
): Promise<TokenResponse> {
  const identity = await finishSsoLogin(deps.db, callback);
  const { userId } = await findOrCreateExternalUser(deps.db, {
    email: identity.email,
    ...displayName(identity.email, identity.givenName, identity.familyName, identity.name),
    method: 'sso',
  });
  return issueTokens(deps.db, deps.lifetimes, userId, { userAgent });
}
