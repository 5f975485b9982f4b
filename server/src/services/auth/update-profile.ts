import type { ProfileChanges, UserProfile } from '@common/auth-schemas';

import { AppError } from '../../lib/app-error';
import { forgetAccountPublicPages } from '../account/forget-account-public-pages';

import { getProfile } from './get-profile';

import type { Database } from '../../db/schema';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { Kysely } from 'kysely';

export interface ProfileDeps {
  db: Kysely<Database>;
  publicPages: PublicPageCache;
}

const OWNER_NAMES_ISSUER =
  'The organisation name is the account owner’s to change. Ask them to change it.';

/**
 * Changes only the fields given and answers the whole profile. The organisation name is the account's (the issuer
 * its public pages name), so only an owner changes it; a change of it, or of an owner's name it falls back to,
 * reaches the cached public pages.
 */
export async function updateProfile(
  { db, publicPages }: ProfileDeps,
  userId: string,
  changes: ProfileChanges,
): Promise<UserProfile> {
  const fields = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as ProfileChanges;
  if (Object.keys(fields).length === 0) return getProfile(db, userId);
  const user = await db
    .selectFrom('users')
    .select(['owner_id', 'organisation_name', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const isOwner = user.owner_id === null;
  if (!isOwner && fields.organisation_name !== undefined) {
    throw new AppError({
      statusCode: 403,
      code: 'permission_denied',
      message: OWNER_NAMES_ISSUER,
      details: { organisation_name: [OWNER_NAMES_ISSUER] },
    });
  }
  const after = { ...user, ...fields };
  const isIssuerRenamed =
    isOwner &&
    (after.organisation_name !== user.organisation_name ||
      (after.organisation_name === null &&
        (after.first_name !== user.first_name || after.last_name !== user.last_name)));
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...fields, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    if (isIssuerRenamed)
      await forgetAccountPublicPages(trx, userId, (change) => publicPages.publish(trx, change));
  });
  if (isIssuerRenamed)
    await forgetAccountPublicPages(db, userId, (change) => publicPages.apply(change));
  return getProfile(db, userId);
}
