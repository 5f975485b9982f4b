import type { UserProfile } from '@common/auth-schemas';
import { withEveryArea } from '@common/team';

import { issuerName } from '../account/issuer-name';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * The profile the SPA reads after sign-in. A shared user's carries their permissions and the owner whose account
 * they work on; an owner's has is_shared false and both null. has_custom_domain: the account has a verified one.
 */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<UserProfile> {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('team_members as m', (join) =>
      join
        .onRef('m.user_id', '=', 'u.id')
        .onRef('m.account_id', '=', 'u.owner_id')
        .on('m.status', '=', 'active'),
    )
    .leftJoin('users as o', 'o.id', 'm.account_id')
    // The account the user works on (their own, or their owner's): its organisation name is the issuer.
    .innerJoin('users as a', (join) =>
      join.on((eb) => eb('a.id', '=', eb.fn.coalesce('u.owner_id', 'u.id'))),
    )
    .select([
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.industry',
      'm.shared_access',
      'o.email as owner_email',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'a.organisation_name',
      'u.password_hash',
      'u.pending_email',
      'u.delete_after',
      'a.first_name as account_first_name',
      'a.last_name as account_last_name',
      // The account's (the owner's, for a shared user) verified custom domain.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('custom_domains as d')
              .whereRef('d.account_id', '=', eb.fn.coalesce('u.owner_id', 'u.id'))
              .where('d.status', '=', 'verified'),
          )
          .as('has_custom_domain'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const { shared_access: access, owner_email: ownerEmail } = user;
  const isShared = access !== null && ownerEmail !== null;
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    industry: user.industry,
    organisation_name: user.organisation_name,
    issuer_name: issuerName(
      user.organisation_name,
      user.account_first_name,
      user.account_last_name,
    ),
    has_password: user.password_hash !== null,
    pending_email: user.pending_email,
    delete_after: user.delete_after?.toISOString() ?? null,
    has_custom_domain: Boolean(user.has_custom_domain),
    is_shared: isShared,
    shared_access: isShared ? withEveryArea(access) : null,
    owner_user: isShared
      ? {
          email: ownerEmail,
          first_name: user.owner_first_name ?? '',
          last_name: user.owner_last_name ?? '',
        }
      : null,
  };
}
