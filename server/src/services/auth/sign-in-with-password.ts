import type { TokenResponse } from '@common/auth-schemas';

import { emailNotVerified, INVALID_CREDENTIALS, invalidGrant } from './auth-errors';
import { issueOtp, type OtpDependencies } from './issue-otp';
import { issueTokens, type TokenLifetimes } from './issue-tokens';
import { verifyAgainstDecoy } from './password-hasher';

/**
 * The password grant. Unknown email and wrong password fail alike (and take as long); a right password on
 * an unverified account mails a fresh verification code and answers email_verification_failed.
 */
export async function signInWithPassword(
  deps: OtpDependencies & { lifetimes: TokenLifetimes },
  { email, password, userAgent }: { email: string; password: string; userAgent?: string },
): Promise<TokenResponse> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirst();
  const passwordMatches = user?.password_hash
    ? await deps.passwordHasher.verify(user.password_hash, password)
    : await verifyAgainstDecoy(deps.passwordHasher, password);
  if (!user || !passwordMatches) throw invalidGrant(INVALID_CREDENTIALS);

  if (!user.email_verified_at) {
    await issueOtp(deps, email, 'email_verification');
    throw emailNotVerified();
  }
  return issueTokens(deps.db, deps.lifetimes, user.id, { userAgent });
}
