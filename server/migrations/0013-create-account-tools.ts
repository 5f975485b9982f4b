// What the account screens need: the organisation name public pages show as the issuer, an email change waiting
// for its code, a deletion waiting out its grace period, a row per signed-in session (one per refresh-token family:
// the device and browser it signed in from, when it was last used), data exports built in the background, and the
// codes of deleted accounts' records, so their public pages can say the issuer withdrew them.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    // Null until set: public pages then name the person.
    .addColumn('organisation_name', 'text')
    // The address an email change waits to confirm with the code mailed to it.
    .addColumn('pending_email', 'text')
    .addColumn('deletion_requested_at', 'timestamptz')
    // When the account's data goes; signing in before then offers to cancel.
    .addColumn('delete_after', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('users_delete_after_idx')
    .on('users')
    .column('delete_after')
    .where(sql.ref('delete_after'), 'is not', null)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('family_id', 'uuid', (column) => column.primaryKey())
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_agent', 'text')
    // From the user agent when the session began: mobile, desktop, tablet, other; and the browser family.
    .addColumn('device', 'text', (column) => column.notNull().defaultTo('other'))
    .addColumn('browser', 'text', (column) => column.notNull().defaultTo('Unknown'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('account_exports')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // Who asked (the owner, or a shared user exporting what they may see); the mail goes to them.
    .addColumn('requested_by', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    // The download link's token, stored as its SHA-256.
    .addColumn('token_hash', 'text', (column) => column.unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addCheckConstraint(
      'account_exports_status',
      sql`status in ('pending', 'ready', 'failed', 'expired')`,
    )
    .execute();
  await db.schema
    .createIndex('account_exports_account_id_idx')
    .on('account_exports')
    .column('account_id')
    .execute();

  // No reference to users: the account is gone, the code's answer stays.
  await db.schema
    .createTable('withdrawn_codes')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('withdrawn_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawn_codes').execute();
  await db.schema.dropTable('account_exports').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropIndex('users_delete_after_idx').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('delete_after')
    .dropColumn('deletion_requested_at')
    .dropColumn('pending_email')
    .dropColumn('organisation_name')
    .execute();
}
