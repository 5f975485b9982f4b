// The account's revocation lists in the database (docs/credentials.md): rows of STATUS_LIST_LENGTH bits, a random
// free index of the newest list taken for each credential, and the bit flipped in the transaction that revokes or
// deletes. When a few random tries find the newest list taken (it is most of the way full), the next list opens:
// an index never tells how many credentials an account has issued, and issuing never runs out.
import { randomInt } from 'node:crypto';

import { sql, type Kysely } from 'kysely';

import { STATUS_LIST_LENGTH } from '@common/credentials';

import type { Database } from '../../db/schema';

// All taken at once: a list about 85 % full (0.85^16 ≈ 7 %) or more opens the next.
const INDEX_TRIES = 16;

/** Where a credential's revoked bit is: which of the account's lists, and which entry of it. */
export interface StatusEntry {
  listNumber: number;
  index: number;
}

async function newestListNumber(trx: Kysely<Database>, accountId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('status_lists')
    .select((eb) => eb.fn.max('list_number').as('newest'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.newest ?? null;
}

async function openList(
  trx: Kysely<Database>,
  accountId: string,
  listNumber: number,
): Promise<void> {
  await trx
    .insertInto('status_lists')
    .values({
      account_id: accountId,
      list_number: listNumber,
      bits: Buffer.alloc(STATUS_LIST_LENGTH / 8),
    })
    .onConflict((conflict) => conflict.columns(['account_id', 'list_number']).doNothing())
    .execute();
}

async function tryIndexes(
  trx: Kysely<Database>,
  accountId: string,
  listNumber: number,
  verificationId: string,
): Promise<number | null> {
  for (let attempt = 0; attempt < INDEX_TRIES; attempt += 1) {
    const taken = await trx
      .insertInto('verification_credentials')
      .values({
        verification_id: verificationId,
        account_id: accountId,
        list_number: listNumber,
        status_index: randomInt(STATUS_LIST_LENGTH),
        credential: '',
      })
      .onConflict((conflict) =>
        conflict.columns(['account_id', 'list_number', 'status_index']).doNothing(),
      )
      .returning('status_index')
      .executeTakeFirst();
    if (taken) return taken.status_index;
  }
  return null;
}

/**
 * Takes a random free entry of the account's newest list (the next list when that one is most of the way full) for
 * the verification's credential: its row is written, the credential itself set once signed (setCredential). `trx`
 * is the transaction that stores the verification.
 */
export async function takeStatusEntry(
  trx: Kysely<Database>,
  accountId: string,
  verificationId: string,
): Promise<StatusEntry> {
  // The newest list's row exists: only the first list, and each next one, is written (a bulk operation issues
  // thousands of credentials, and writing a list's 16 KiB of bits again for each was its costliest query).
  const newest = await newestListNumber(trx, accountId);
  let listNumber = newest ?? 0;
  if (newest === null) await openList(trx, accountId, listNumber);
  for (;;) {
    const index = await tryIndexes(trx, accountId, listNumber, verificationId);
    if (index !== null) return { listNumber, index };
    listNumber += 1;
    await openList(trx, accountId, listNumber);
  }
}

export async function setCredential(
  trx: Kysely<Database>,
  verificationId: string,
  credential: object,
): Promise<void> {
  await trx
    .updateTable('verification_credentials')
    .set({ credential: JSON.stringify(credential) })
    .where('verification_id', '=', verificationId)
    .execute();
}

/**
 * Sets the revoked bit of the verification's credential, if it has one. Postgres numbers a bytea's bits from each
 * byte's least significant; the spec from its most: bit i is Postgres's 8·⌊i/8⌋ + 7 − i mod 8.
 */
export async function setRevokedBit(trx: Kysely<Database>, verificationId: string): Promise<void> {
  await sql`
    update status_lists l
    set bits = set_bit(l.bits, (c.status_index / 8) * 8 + 7 - c.status_index % 8, 1),
        version = l.version + 1, updated_at = now()
    from verification_credentials c
    where c.verification_id = ${verificationId}
      and l.account_id = c.account_id and l.list_number = c.list_number`.execute(trx);
}

/** A deleted verification's credential: revoked, and its personal data gone; its index stays taken. */
export async function withdrawCredential(
  trx: Kysely<Database>,
  verificationId: string,
): Promise<void> {
  await setRevokedBit(trx, verificationId);
  await trx
    .updateTable('verification_credentials')
    .set({ credential: '' })
    .where('verification_id', '=', verificationId)
    .execute();
}
