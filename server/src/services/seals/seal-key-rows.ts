// Adds a new active key to an account. Two requests racing to make an account's first key make one: the insert
// meets the one-active-key index and does nothing, and both read the key that won.
import { generateSealKey } from './seal-key-crypto';

import type { Database, SealKeysTable } from '../../db/schema';
import type { Kysely, Selectable } from 'kysely';

export type SealKeyRow = Selectable<SealKeysTable>;

/** The account's active key, made now when it has none; `created` says whether this call made it. */
export async function ensureActiveSealKey(
  db: Kysely<Database>,
  masterKey: Buffer,
  accountId: string,
): Promise<{ key: SealKeyRow; created: boolean }> {
  const active = () =>
    db
      .selectFrom('seal_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  const existing = await active();
  if (existing) return { key: existing, created: false };
  const inserted = await insertSealKey(db, masterKey, accountId);
  if (inserted) return { key: inserted, created: true };
  const winner = await active();
  if (!winner) throw new Error('The account has no active seal key after making one');
  return { key: winner, created: false };
}

/** A new active key, or undefined when the account has one already (the caller retires it first to replace it). */
export async function insertSealKey(
  db: Kysely<Database>,
  masterKey: Buffer,
  accountId: string,
): Promise<SealKeyRow | undefined> {
  const made = generateSealKey(masterKey);
  return db
    .insertInto('seal_keys')
    .values({
      account_id: accountId,
      kid: made.kid,
      public_jwk: JSON.stringify(made.publicJwk),
      private_key_iv: made.encrypted.iv,
      private_key_tag: made.encrypted.tag,
      private_key_ciphertext: made.encrypted.ciphertext,
      status: 'active',
    })
    .onConflict((conflict) =>
      conflict.column('account_id').where('status', '=', 'active').doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}
