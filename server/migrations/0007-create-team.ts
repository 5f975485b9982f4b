// Teams: an owner invites people by email, each with a permission set; an accepted invitation makes a shared user
// who acts on the owner's account. Records remember who created them, and an audit log keeps every change.
// Bulk operations do not exist yet: their table gets its created_by when it is made.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

async function addCreatedBy(db: Kysely<unknown>, table: 'verifications' | 'templates') {
  // Nullable only so that deleting a user never fails on their records; every new row names its creator.
  await db.schema
    .alterTable(table)
    .addColumn('created_by', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    .execute();
  // Until now only owners created anything.
  await sql`update ${sql.table(table)} set created_by = user_id`.execute(db);
  await db.schema.createIndex(`${table}_created_by_idx`).on(table).column('created_by').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // A shared user's owner. It stays after the member is removed: their name on the records they made stays
  // right, and the sign-in flows can tell a removed member from an owner.
  await db.schema
    .alterTable('users')
    .addColumn('owner_id', 'uuid', (column) => column.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('users_owner_idx').on('users').column('owner_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The owner whose account the member works on.
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    // The shared user, once the invitation is accepted.
    .addColumn('user_id', 'uuid', (column) => column.references('users.id').onDelete('cascade'))
    // {verifications, bulk, templates, integrations, custom_domain}: each 'none', 'view' or 'edit'.
    .addColumn('shared_access', 'jsonb', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    // SHA-256 of the link's token; cleared when it is used, so a link works once.
    .addColumn('invitation_token_hash', 'text', (column) => column.unique())
    .addColumn('invitation_expires_at', 'timestamptz')
    .addColumn('invited_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('joined_at', 'timestamptz')
    .addColumn('last_active_at', 'timestamptz')
    .addUniqueConstraint('team_members_account_email_unique', ['account_id', 'email'])
    .addCheckConstraint('team_members_status', sql`status in ('invited', 'active')`)
    .addCheckConstraint(
      'team_members_active_has_user',
      sql`(status = 'active') = (user_id is not null) and (status = 'active') = (joined_at is not null)`,
    )
    .addCheckConstraint(
      'team_members_invitation_complete',
      sql`(invitation_token_hash is null) = (invitation_expires_at is null)`,
    )
    .execute();
  // A person works on one account at a time.
  await db.schema
    .createIndex('team_members_user_unique')
    .on('team_members')
    .column('user_id')
    .unique()
    .execute();

  await addCreatedBy(db, 'verifications');
  await addCreatedBy(db, 'templates');

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // Deleting a user keeps their entries in the owner's log, without a name.
    .addColumn('actor_id', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    // '<object type>.<what happened>', e.g. 'verification.revoked' (common/team.ts lists them).
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('object_type', 'text', (column) => column.notNull())
    .addColumn('object_id', 'text', (column) => column.notNull())
    // What the object was called then (a title, a template's name, an email): it may be gone since.
    .addColumn('object_name', 'text', (column) => column.notNull())
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_log_account_time_idx')
    .on('audit_log')
    .columns(['account_id', 'occurred_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('templates').dropColumn('created_by').execute();
  await db.schema.alterTable('verifications').dropColumn('created_by').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.alterTable('users').dropColumn('owner_id').execute();
}
