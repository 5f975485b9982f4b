import { z } from 'zod';

import { normaliseEmail } from '../../lib/email-address';
import { invalidGrant } from '../../lib/oauth-error';

const GOOGLE_TIMEOUT_MS = 10_000;

export const GOOGLE_NOT_VERIFIED = 'Could not verify your Google account.';

// Google's userinfo answer, as far as it is used; other OpenID providers answer the same way.
const userinfo = z.object({
  email: z.string().min(1),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

export interface GoogleProfile {
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

/** Asks Google's userinfo endpoint who the access token belongs to; any failure is an invalid_grant. */
export async function fetchGoogleProfile(
  userinfoUrl: string,
  accessToken: string,
): Promise<GoogleProfile> {
  let body: unknown;
  try {
    const response = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw invalidGrant(GOOGLE_NOT_VERIFIED);
    body = await response.json();
  } catch {
    throw invalidGrant(GOOGLE_NOT_VERIFIED);
  }
  const parsed = userinfo.safeParse(body);
  if (!parsed.success) throw invalidGrant(GOOGLE_NOT_VERIFIED);
  const profile = parsed.data;
  return {
    email: normaliseEmail(profile.email),
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    givenName: profile.given_name,
    familyName: profile.family_name,
    name: profile.name,
  };
}
