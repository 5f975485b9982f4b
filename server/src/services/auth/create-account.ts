// Every way in (a password, Google, an organisation's SSO) creates an account the same way: the user and its
// default template exist together or not at all.
import { nameSkeleton } from '../../lib/look-alike-names';
import { issuerName } from '../account/issuer-name';
import { createDefaultTemplate } from '../templates/create-default-template';

import type { Database, UsersTable } from '../../db/schema';
import type { Insertable, Kysely } from 'kysely';

/** Answers the new user's id, or undefined when the email already has an account. */
export async function createAccount(
  db: Kysely<Database>,
  user: Insertable<UsersTable>,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('users')
      .values({
        ...user,
        issuer_name_skeleton: nameSkeleton(
          issuerName(user.organisation_name ?? null, user.first_name, user.last_name ?? ''),
        ),
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) await createDefaultTemplate(trx, created.id);
    return created?.id;
  });
}
