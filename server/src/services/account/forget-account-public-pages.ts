import type { Database } from '../../db/schema';
import type { PublicPageChange } from '../public-pages/public-page-cache';
import type { Kysely } from 'kysely';

// Read in pages, so that an account with very many verifications never has all its codes in memory at once.
const PAGE_SIZE = 1_000;

/**
 * The account's public pages are read again on their next view: what they say of the issuer has changed. Hands
 * each page of the account's codes to `tell` as one change: PublicPageCache.publish inside the transaction that
 * renames (`db` is that transaction), then apply once it has committed.
 */
export async function forgetAccountPublicPages(
  db: Kysely<Database>,
  accountId: string,
  tell: (change: PublicPageChange) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('verifications')
      .select('code')
      .where('user_id', '=', accountId)
      .where('code', '>', after)
      .orderBy('code')
      .limit(PAGE_SIZE)
      .execute();
    if (rows.length === 0) return;
    await tell({ type: 'issuer-renamed', codes: rows.map((row) => row.code) });
    after = rows[rows.length - 1]!.code;
  }
}
