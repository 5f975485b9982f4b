import { emailTaken } from '../../lib/auth-errors';
import { hashSecret } from '../../lib/secrets';
import { createDefaultTemplate } from '../templates/create-default-template';

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

  const passwordHash = await hashSecret(registration.password);
  // The account and its default template exist together or not at all.
  const created = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email: registration.email,
        first_name: registration.firstName,
        password_hash: passwordHash,
        email_verified_at: null,
        industry: null,
        referrer: registration.referrer,
        journey: registration.journey && JSON.stringify(registration.journey),
        sign_up_method: 'password',
        password_reset_expires_at: null,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (user) await createDefaultTemplate(trx, user.id);
    return user;
  });
  // Someone registered the same email between the check and the insert.
  if (!created) throw emailTaken();

  try {
    await issueOtp(deps, registration.email, 'email_verification');
  } catch (error) {
    // Without its code the account could not be verified: let the person simply register again.
    await db.deleteFrom('users').where('id', '=', created.id).execute();
    await db.deleteFrom('one_time_codes').where('email', '=', registration.email).execute();
    throw error;
  }
}
