// The account's revocation list in the database (docs/credentials.md): one row of STATUS_LIST_LENGTH bits, a random
// free index taken for each credential, and the bit flipped in the transaction that revokes or deletes.
import { randomInt } from 'node:crypto';

import { sql, type Kysely } from 'kysely';

import { STATUS_LIST_LENGTH } from '@common/credentials';

import type { Database } from '../../db/schema';

// A random index is free at the first try until a list is nearly full; an account that fills one is refused.
const INDEX_TRIES = 64;

export class StatusListFullError extends Error {
  constructor() {
    super('The account’s status list has no free index left');
  }
}

async function ensureStatusList(trx: Kysely<Database>, accountId: string): Promise<void> {
  await trx
    .insertInto('status_lists')
    .values({ account_id: accountId, bits: Buffer.alloc(STATUS_LIST_LENGTH / 8) })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute();
}

/**
 * Takes a random free index of the account's list for the verification's credential (its row is written, the
 * credential itself set once signed: setCredential). `trx` is the transaction that stores the verification.
 */
export async function takeStatusIndex(
  trx: Kysely<Database>,
  accountId: string,
  verificationId: string,
): Promise<number> {
  await ensureStatusList(trx, accountId);
  for (let attempt = 0; attempt < INDEX_TRIES; attempt += 1) {
    const taken = await trx
      .insertInto('verification_credentials')
      .values({
        verification_id: verificationId,
        account_id: accountId,
        status_index: randomInt(STATUS_LIST_LENGTH),
        credential: '',
      })
      .onConflict((conflict) => conflict.columns(['account_id', 'status_index']).doNothing())
      .returning('status_index')
      .executeTakeFirst();
    if (taken) return taken.status_index;
  }
  throw new StatusListFullError();
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
    where c.verification_id = ${verificationId} and l.account_id = c.account_id`.execute(trx);
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
