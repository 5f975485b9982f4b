import { z } from 'zod';

import { normaliseEmail } from '@common/auth';

import { invalidGrant } from './auth-errors';

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

// Google's tokeninfo answer: which OAuth client the access token was issued to.
const tokeninfo = z.object({ aud: z.string().optional(), azp: z.string().optional() });

export interface GoogleEndpoints {
  userinfoUrl: string;
  tokeninfoUrl: string;
  /** Our own OAuth client at Google; empty when Google sign-in is not set up. */
  clientId: string;
}

async function fetchGoogleJson(url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, accept: 'application/json' },
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw invalidGrant(GOOGLE_NOT_VERIFIED);
    return await response.json();
  } catch {
    throw invalidGrant(GOOGLE_NOT_VERIFIED);
  }
}

// Userinfo answers for any valid Google token, including one another app obtained from the same person; only
// a token issued to our own client proves the person signed in here (the "confused deputy" of OAuth).
async function checkTokenAudience(endpoints: GoogleEndpoints, accessToken: string): Promise<void> {
  if (!endpoints.clientId) throw invalidGrant(GOOGLE_NOT_VERIFIED);
  const url = new URL(endpoints.tokeninfoUrl);
  url.searchParams.set('access_token', accessToken);
  const parsed = tokeninfo.safeParse(await fetchGoogleJson(url.toString()));
  const clients = parsed.success ? [parsed.data.aud, parsed.data.azp] : [];
  if (!clients.includes(endpoints.clientId)) throw invalidGrant(GOOGLE_NOT_VERIFIED);
}

/**
 * Checks that the access token was issued to our Google client and asks Google whose account it is; any
 * failure is an invalid_grant.
 */
export async function fetchGoogleProfile(
  endpoints: GoogleEndpoints,
  accessToken: string,
): Promise<GoogleProfile> {
  const [body] = await Promise.all([
    fetchGoogleJson(endpoints.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}` } }),
    checkTokenAudience(endpoints, accessToken),
  ]);
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
