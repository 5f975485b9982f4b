// The operator's word on who an account is (`npm run issuers -- verify`): a name checked by hand, out of band,
// which pages, the trust list and `npm run verify` then state as the issuer's identity. Audited on the account.
import { normaliseEmail } from '@common/auth';

import { mixedScripts, nameSkeleton } from '../../lib/look-alike-names';
import { recordAudit } from '../team/record-audit';

import { accountsNamedAlike } from './accounts-named-alike';
import { forgetAccountPublicPages } from './forget-account-public-pages';

import type { Database } from '../../db/schema';
import type { PublicPageChange } from '../public-pages/public-page-cache';
import type { Kysely } from 'kysely';

export type VerifiedNameOutcome =
  | { outcome: 'no_account' }
  | { outcome: 'shared_user'; ownerEmail: string }
  | { outcome: 'mixed_scripts'; scripts: string[] }
  /** Another account's verified name reads the same. */
  | { outcome: 'taken'; byEmail: string }
  /** email: the account's, as stored. */
  | { outcome: 'done'; email: string; previousName: string | null };

/**
 * Sets (or, with null, takes back) the account's verified name. `tell` hears, inside the transaction, each page of
 * codes whose page now says something else of its issuer: this account's, and those of accounts named alike.
 */
export async function setVerifiedIssuerName(
  db: Kysely<Database>,
  email: string,
  name: string | null,
  tell: (db: Kysely<Database>, change: PublicPageChange) => Promise<void>,
): Promise<VerifiedNameOutcome> {
  const account = await db
    .selectFrom('users as u')
    .leftJoin('users as o', 'o.id', 'u.owner_id')
    .select([
      'u.id',
      'u.email',
      'u.owner_id',
      'u.verified_issuer_name',
      'u.verified_name_skeleton',
      'o.email as owner_email',
    ])
    .where('u.email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!account) return { outcome: 'no_account' };
  if (account.owner_id !== null)
    return { outcome: 'shared_user', ownerEmail: account.owner_email ?? '' };
  const skeleton = name === null ? null : nameSkeleton(name);
  if (name !== null) {
    const scripts = mixedScripts(name);
    if (scripts) return { outcome: 'mixed_scripts', scripts };
    const holder = await db
      .selectFrom('users')
      .select('email')
      .where('verified_name_skeleton', '=', skeleton)
      .where('id', '!=', account.id)
      .executeTakeFirst();
    if (holder) return { outcome: 'taken', byEmail: holder.email };
  }
  const skeletons = [account.verified_name_skeleton, skeleton].filter((value) => value !== null);
  const alike = [account.id, ...(await accountsNamedAlike(db, skeletons, account.id))];
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        verified_issuer_name: name,
        verified_name_skeleton: skeleton,
        issuer_verified_at: name === null ? null : new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', account.id)
      .execute();
    await recordAudit(
      trx,
      { id: null, accountId: account.id },
      {
        action: name === null ? 'issuer.unverified' : 'issuer.verified',
        object: {
          type: 'issuer',
          id: account.id,
          name: name ?? account.verified_issuer_name ?? '',
        },
      },
    );
    for (const accountId of alike) {
      await forgetAccountPublicPages(trx, accountId, (change) => tell(trx, change));
    }
  });
  return { outcome: 'done', email: account.email, previousName: account.verified_issuer_name };
}
