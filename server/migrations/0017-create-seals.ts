// Sealed QR codes (docs/seals.md): each account's ES256 signing keys, and the seal each verification's QR code
// carries. An account has one active key at a time (a partial unique index: two requests racing to make the first
// key make one); retired and revoked keys stay, because the seals they made keep being checked against them.
// The private key is stored encrypted with AES-256-GCM under the instance's master key (SEAL_MASTER_KEY).
// Existing verifications keep seal null: their printed codes are unchanged, and stay unsealed.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seal_keys')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The account: its owner's user id, as verifications.user_id.
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // base64url of the first 8 bytes of the public key's RFC 7638 thumbprint (common/seals/seal-format.ts).
    .addColumn('kid', 'text', (column) => column.notNull().unique())
    // The public key as a JWK (kty, crv, x, y).
    .addColumn('public_jwk', 'jsonb', (column) => column.notNull())
    // The private key (PKCS #8 DER) encrypted with AES-256-GCM: its nonce, tag and ciphertext.
    .addColumn('private_key_iv', 'bytea', (column) => column.notNull())
    .addColumn('private_key_tag', 'bytea', (column) => column.notNull())
    .addColumn('private_key_ciphertext', 'bytea', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint('seal_keys_status', sql`status in ('active', 'retired', 'revoked')`)
    .execute();
  await db.schema
    .createIndex('seal_keys_one_active_idx')
    .on('seal_keys')
    .column('account_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createIndex('seal_keys_account_idx')
    .on('seal_keys')
    .column('account_id')
    .execute();

  await db.schema
    .alterTable('verifications')
    // The digits of the QR code's URL fragment; null for an unsealed code (and every code made before seals).
    .addColumn('seal', 'text')
    .addColumn('seal_kid', 'text')
    .execute();
  await db.schema
    .createIndex('verifications_seal_kid_idx')
    .on('verifications')
    .column('seal_kid')
    .where(sql.ref('seal_kid'), 'is not', null)
    .execute();
  // On for every template, existing ones included: new codes are sealed unless a template turns it off.
  await db.schema
    .alterTable('templates')
    .addColumn('seal_enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('seal_enabled').execute();
  await db.schema.dropIndex('verifications_seal_kid_idx').execute();
  await db.schema.alterTable('verifications').dropColumn('seal').dropColumn('seal_kid').execute();
  await db.schema.dropTable('seal_keys').execute();
}
