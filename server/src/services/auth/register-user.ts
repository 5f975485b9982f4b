import { emailTaken } from './auth-errors';
import { createAccount } from './create-account';
import { issueOtp, type OtpDependencies } from './issue-otp';

export interface Registration {
  firstName: string;
  email: string;
  password: string;
  referrer: string | null;
  journey: string[] | null;
}

/** Creates an unverified account and mails its verification code; a taken email is a 400. */
export async function registerUser(
  deps: OtpDependencies,
  registration: Registration,
): Promise<void> {
  const { db } = deps;
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', registration.email)
    .executeTakeFirst();
  if (taken) throw emailTaken();

  const passwordHash = await deps.passwordHasher.hash(registration.password);
  const createdId = await createAccount(db, {
    email: registration.email,
    first_name: registration.firstName,
    password_hash: passwordHash,
    email_verified_at: null,
    industry: null,
    referrer: registration.referrer,
    journey: registration.journey && JSON.stringify(registration.journey),
    sign_up_method: 'password',
    password_reset_expires_at: null,
  });
  // Someone registered the same email between the check and the insert.
  if (!createdId) throw emailTaken();

  try {
    await issueOtp(deps, registration.email, 'email_verification');
  } catch (error) {
    // Without its code the account could not be verified: let the person simply register again.
    await db.deleteFrom('users').where('id', '=', createdId).execute();
    await db.deleteFrom('one_time_codes').where('email', '=', registration.email).execute();
    throw error;
  }
}
