import type { ProfileChanges, UserProfile } from '@common/auth-schemas';

import { AppError } from '../../lib/app-error';
import { mixedScripts, nameSkeleton } from '../../lib/look-alike-names';
import { accountsNamedAlike } from '../account/accounts-named-alike';
import { forgetAccountPublicPages } from '../account/forget-account-public-pages';
import { issuerName } from '../account/issuer-name';

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

function invalidName(message: string): AppError {
  return new AppError({
    statusCode: 400,
    code: 'validation_failed',
    message,
    details: { organisation_name: [message] },
  });
}

/** A name built to pass for another's is refused: letters of scripts no language mixes, or an operator-verified name. */
async function checkOrganisationName(db: Kysely<Database>, userId: string, name: string) {
  const scripts = mixedScripts(name);
  if (scripts) {
    throw invalidName(
      `Organisation name mixes letters of different alphabets (${scripts.join(', ')}), as look-alike names do. Type it in one alphabet.`,
    );
  }
  const verified = await db
    .selectFrom('users')
    .select('id')
    .where('verified_name_skeleton', '=', nameSkeleton(name))
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (verified) {
    throw invalidName(
      'Another issuer has proven its right to this name (or one that looks the same). Choose a name of your own.',
    );
  }
}

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
  if (fields.organisation_name) await checkOrganisationName(db, userId, fields.organisation_name);
  const after = { ...user, ...fields };
  const nameBefore = issuerName(user.organisation_name, user.first_name, user.last_name);
  const name = issuerName(after.organisation_name, after.first_name, after.last_name);
  const skeleton = nameSkeleton(name);
  const isIssuerRenamed = isOwner && name !== nameBefore;
  // Names that read alike withhold each other: the accounts that shared the old name or share the new one.
  const alike = [nameSkeleton(nameBefore), skeleton];
  const renamed = isIssuerRenamed ? [userId, ...(await accountsNamedAlike(db, alike, userId))] : [];
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        ...fields,
        ...(isOwner && { issuer_name_skeleton: skeleton }),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    for (const accountId of renamed) {
      await forgetAccountPublicPages(trx, accountId, (change) => publicPages.publish(trx, change));
    }
  });
  for (const accountId of renamed) {
    await forgetAccountPublicPages(db, accountId, (change) => publicPages.apply(change));
  }
  return getProfile(db, userId);
}
