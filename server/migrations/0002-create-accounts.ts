// Accounts and sign-in: users, one-time codes, the resend cooldown and OAuth token pairs.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Always stored trimmed and lower-cased, so equality is the whole comparison.
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull().defaultTo(''))
    // Null for accounts made by Google or SSO sign-in until the user sets a password.
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('industry', 'text')
    .addColumn('referrer', 'text')
    .addColumn('journey', 'jsonb')
    .addColumn('sign_up_method', 'text', (column) => column.notNull())
    // While in the future, the forgot-password flow may set a new password.
    .addColumn('password_reset_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // One live code per email and purpose: issuing a new one replaces the row.
  await db.schema
    .createTable('one_time_codes')
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('one_time_codes_pkey', ['email', 'purpose'])
    .execute();

  // Kept for any email asked about, known or not, so the cooldown tells nothing about who has an account.
  await db.schema
    .createTable('otp_resend_requests')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // Every pair refreshed from one sign-in shares it; a replayed refresh token revokes the family.
    .addColumn('family_id', 'uuid', (column) => column.notNull())
    .addColumn('access_token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('refresh_token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('access_expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('refresh_expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('auth_tokens_user_id').on('auth_tokens').column('user_id').execute();
  await db.schema
    .createIndex('auth_tokens_family_id')
    .on('auth_tokens')
    .column('family_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_tokens').execute();
  await db.schema.dropTable('otp_resend_requests').execute();
  await db.schema.dropTable('one_time_codes').execute();
  await db.schema.dropTable('users').execute();
}
