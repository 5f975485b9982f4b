import { createAccount } from './create-account';

import type { Database, SignUpMethod } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface ExternalIdentity {
  /** Normalised, and vouched for by the provider. */
  email: string;
  firstName: string;
  lastName: string;
  method: Exclude<SignUpMethod, 'password'>;
  referrer?: string | null;
  journey?: string[] | null;
}

/**
 * The account for an email that Google or an SSO provider vouched for: created verified and without a
 * password on first sign-in, otherwise linked by email. Linking an account that was never verified drops
 * its password: whoever chose it never proved they own the email, so it must not unlock the account now.
 */
export async function findOrCreateExternalUser(
  db: Kysely<Database>,
  identity: ExternalIdentity,
): Promise<{ userId: string; isNewUser: boolean }> {
  const now = new Date();
  const createdId = await createAccount(db, {
    email: identity.email,
    first_name: identity.firstName,
    last_name: identity.lastName,
    password_hash: null,
    email_verified_at: now,
    industry: null,
    referrer: identity.referrer ?? null,
    journey: identity.journey ? JSON.stringify(identity.journey) : null,
    sign_up_method: identity.method,
    password_reset_expires_at: null,
  });
  if (createdId) return { userId: createdId, isNewUser: true };

  const linked = await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: eb
        .case()
        .when('email_verified_at', 'is', null)
        .then(null)
        .else(eb.ref('password_hash'))
        .end(),
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      updated_at: now,
    }))
    .where('email', '=', identity.email)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: linked.id, isNewUser: false };
}
