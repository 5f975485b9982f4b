import type { TokenResponse } from '@common/auth-schemas';

import { invalidGrant } from './auth-errors';
import { displayName } from './display-name';
import { fetchGoogleProfile, type GoogleEndpoints } from './fetch-google-profile';
import { findOrCreateExternalUser } from './find-or-create-external-user';
import { issueTokens, type TokenLifetimes } from './issue-tokens';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface GoogleSignIn {
  accessToken: string;
  referrer: string | null;
  journey: string[] | null;
  userAgent?: string;
}

/** The convert_token grant: trades a Google access token for our own tokens, creating the account if new. */
export async function signInWithGoogle(
  deps: { db: Kysely<Database>; lifetimes: TokenLifetimes; google: GoogleEndpoints },
  { accessToken, referrer, journey, userAgent }: GoogleSignIn,
): Promise<TokenResponse & { is_new_user: boolean }> {
  const profile = await fetchGoogleProfile(deps.google, accessToken);
  if (!profile.emailVerified) {
    throw invalidGrant(
      "Your Google account's email address is not verified. Verify it with Google, or sign up with your email and a password.",
    );
  }
  const name = displayName(profile.email, profile.givenName, profile.familyName, profile.name);
  const { userId, isNewUser } = await findOrCreateExternalUser(deps.db, {
    email: profile.email,
    ...name,
    method: 'google',
    referrer,
    journey,
  });
  const tokens = await issueTokens(deps.db, deps.lifetimes, userId, { userAgent });
  return { ...tokens, is_new_user: isNewUser };
}
