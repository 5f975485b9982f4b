// Verifiable credentials (docs/credentials.md): each verification's signed W3C VC 2.0 credential, and each account's
// Bitstring Status Lists (a new one once the newest is nearly full), whose bit at a credential's index says it is
// revoked. The list is kept as bits, flipped in
// the transaction that revokes; its version names the signed list a cache holds. A template may mark its documents
// as achievements, which makes their credentials Open Badges.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('is_achievement', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('achievement_description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('achievement_criteria', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('status_lists')
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // 0, 1, …: list 0 is served at /issuers/{id}/status/revocation, list n at …/revocation/{n}.
    .addColumn('list_number', 'integer', (column) => column.notNull())
    // Bit i (most significant bit of byte i / 8 first, as the spec numbers them) set: revoked.
    .addColumn('bits', 'bytea', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('status_lists_pkey', ['account_id', 'list_number'])
    .execute();
  // A deleted verification's index stays taken, its bit set: a new credential never inherits it.
  await db.schema
    .createTable('verification_credentials')
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('list_number', 'integer', (column) => column.notNull())
    .addColumn('status_index', 'integer', (column) => column.notNull())
    .addColumn('verification_id', 'uuid', (column) =>
      column.unique().references('verifications.id').onDelete('set null'),
    )
    // The signed credential's JSON, as issued; emptied when its verification is deleted.
    .addColumn('credential', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('verification_credentials_pkey', [
      'account_id',
      'list_number',
      'status_index',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_credentials').execute();
  await db.schema.dropTable('status_lists').execute();
  await db.schema
    .alterTable('templates')
    .dropColumn('is_achievement')
    .dropColumn('achievement_description')
    .dropColumn('achievement_criteria')
    .execute();
}
