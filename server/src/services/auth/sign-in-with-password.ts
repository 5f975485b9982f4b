import type { TokenResponse } from '@common/auth';

import { INVALID_CREDENTIALS, invalidGrant, OAuthError } from '../../lib/oauth-error';
import { verifyAgainstDecoy, verifySecret } from '../../lib/secrets';

import { issueOtp, type OtpDependencies } from './issue-otp';
import { issueTokens, type TokenLifetimes } from './issue-tokens';

/**
 * The password grant. Unknown email and wrong password fail alike (and take as long); a right password on
 * an unverified account mails a fresh verification code and answers email_verification_failed.
 */
export async function signInWithPassword(
  deps: OtpDependencies & { lifetimes: TokenLifetimes },
  { email, password }: { email: string; password: string },
): Promise<TokenResponse> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirst();
  const passwordMatches = user?.password_hash
    ? await verifySecret(user.password_hash, password)
    : await verifyAgainstDecoy(password);
  if (!user || !passwordMatches) throw invalidGrant(INVALID_CREDENTIALS);

  if (!user.email_verified_at) {
    await issueOtp(deps, email, 'email_verification');
    throw new OAuthError(
      'email_verification_failed',
      'Email is not verified, Please verify your email',
    );
  }
  return issueTokens(deps.db, deps.lifetimes, user.id);
}
