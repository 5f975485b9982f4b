// The end of an owner's grace period: every code the account issued is kept as withdrawn (its public page says so),
// then its files and rows go, a page at a time so that memory stays bounded whatever the account's size.
import { sql, type Kysely } from 'kysely';

import { verificationFileKeys } from '../verifications/verification-files';

import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { PublicPageCache, PublicPageChange } from '../public-pages/public-page-cache';

export interface PurgeDeps {
  db: Kysely<Database>;
  storage: Storage;
  publicPages: PublicPageCache;
}

const PAGE_SIZE = 500;
const FIRST_UUID = '00000000-0000-0000-0000-000000000000';

export type PurgeOutcome = 'purged' | 'not-due' | 'nothing-to-do';

/** Purges the account when its deletion is due; a cancelled or later deletion is left alone. */
export async function purgeAccount(deps: PurgeDeps, accountId: string): Promise<PurgeOutcome> {
  const { db } = deps;
  const account = await db
    .selectFrom('users')
    .select(['delete_after'])
    .where('id', '=', accountId)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (!account?.delete_after) return 'nothing-to-do';
  if (account.delete_after > new Date()) return 'not-due';
  await sql`insert into withdrawn_codes (code)
    select code from verifications where user_id = ${accountId}
    on conflict (code) do nothing`.execute(db);
  await deleteVerifications(deps, accountId);
  await deleteTemplates(deps, accountId);
  await deleteBulkFiles(deps, accountId);
  await deleteExportFiles(deps, accountId);
  // Shared users first (owner_id would cascade too, but explicitly is clearer); the rest cascades from the owner.
  await db.deleteFrom('users').where('owner_id', '=', accountId).execute();
  await db.deleteFrom('users').where('id', '=', accountId).execute();
  return 'purged';
}

/** Deletes rows and tells the public pages: the other instances in the same transaction, this one after it. */
async function deletePage(
  { db, publicPages }: Pick<PurgeDeps, 'db' | 'publicPages'>,
  table: 'verifications' | 'templates',
  ids: string[],
  changes: PublicPageChange[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom(table).where('id', 'in', ids).execute();
    await publicPages.publish(trx, ...changes);
  });
  for (const change of changes) await publicPages.apply(change);
}

async function deleteVerifications({ db, storage, publicPages }: PurgeDeps, accountId: string) {
  for (;;) {
    const page = await db
      .selectFrom('verifications')
      .select(['id', 'code'])
      .where('user_id', '=', accountId)
      .limit(PAGE_SIZE)
      .execute();
    if (page.length === 0) return;
    for (const { id } of page) {
      const keys = verificationFileKeys(id);
      await storage.delete(keys.original);
      await storage.delete(keys.secured);
    }
    await deletePage(
      { db, publicPages },
      'verifications',
      page.map((row) => row.id),
      page.map(({ code }) => ({ type: 'verification-deleted', code, replacedCodes: [] })),
    );
  }
}

async function deleteTemplates({ db, storage, publicPages }: PurgeDeps, accountId: string) {
  for (;;) {
    const page = await db
      .selectFrom('templates')
      .select(['id', 'logo_key'])
      .where('user_id', '=', accountId)
      .limit(PAGE_SIZE)
      .execute();
    if (page.length === 0) return;
    for (const { logo_key: key } of page) if (key) await storage.delete(key);
    await deletePage(
      { db, publicPages },
      'templates',
      page.map((row) => row.id),
      page.map(({ id }) => ({ type: 'template-deleted', id, movedCodes: [] })),
    );
  }
}

async function deleteBulkFiles({ db, storage }: PurgeDeps, accountId: string) {
  let after = FIRST_UUID;
  for (;;) {
    const page = await db
      .selectFrom('bulk_operations')
      .select('id')
      .where('user_id', '=', accountId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE_SIZE)
      .execute();
    if (page.length === 0) return;
    for (const { id } of page) {
      for (const key of await storage.list(`bulk/${id}`)) await storage.delete(key);
    }
    after = page[page.length - 1]!.id;
  }
}

async function deleteExportFiles({ db, storage }: PurgeDeps, accountId: string) {
  const exports = await db
    .selectFrom('account_exports')
    .select('storage_key')
    .where('account_id', '=', accountId)
    .where('storage_key', 'is not', null)
    .execute();
  for (const { storage_key: key } of exports) if (key) await storage.delete(key);
}
