import type { UserProfile } from '@common/auth-schemas';
import { withEveryArea } from '@common/team';

import { loadIssuerIdentities } from '../account/load-issuer-identities';
import { joinActiveMembership } from '../team/active-membership';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * The profile the SPA reads after sign-in. A shared user's carries their permissions and the owner whose account
 * they work on; an owner's has is_shared false and both null. The account's issuer identity is read as public pages
 * read it, so the Account screen says what they say; has_custom_domain (a verified one) is its domain proof.
 */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<UserProfile> {
  const user = await db
    .selectFrom('users as u')
    .$call(joinActiveMembership)
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
      'a.id as account_id',
      'a.organisation_name',
      'u.password_hash',
      'u.pending_email',
      'u.delete_after',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const identities = await loadIssuerIdentities(db, [user.account_id]);
  const { name, ...identity } = identities.get(user.account_id)!;
  const { shared_access: access, owner_email: ownerEmail } = user;
  const isShared = access !== null && ownerEmail !== null;
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    industry: user.industry,
    organisation_name: user.organisation_name,
    issuer_name: name,
    issuer_identity: identity,
    has_password: user.password_hash !== null,
    pending_email: user.pending_email,
    delete_after: user.delete_after?.toISOString() ?? null,
    has_custom_domain: identity.issuer_proof === 'domain',
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
