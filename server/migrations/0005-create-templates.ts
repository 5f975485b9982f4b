// Landing-page templates: how an account brands its verifications' public page. Every account gets a default
// template (existing accounts here, new ones when they are created), and every verification now points at one
// of its own account's templates.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on, so the default
// design is written out here rather than imported.
import { sql, type Kysely } from 'kysely';

const DEFAULT_FIELDS = {
  issuer: { visible: true, label: 'Issued by' },
  holder_name: { visible: true, label: 'Holder' },
  issue_date: { visible: true, label: 'Issue date' },
  expiry_date: { visible: true, label: 'Expiry date' },
  custom_fields: { visible: true, label: 'Custom fields' },
  code: { visible: true, label: 'Verification code' },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('is_default', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('primary_color', 'text', (column) => column.notNull())
    .addColumn('background_color', 'text', (column) => column.notNull())
    .addColumn('text_color', 'text', (column) => column.notNull())
    .addColumn('heading', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('intro', 'text', (column) => column.notNull().defaultTo(''))
    // Which record fields the page shows and their labels: {issuer: {visible, label}, …}.
    .addColumn('fields', 'jsonb', (column) => column.notNull())
    .addColumn('allow_download', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('contact_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('contact_url', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('footer_text', 'text', (column) => column.notNull().defaultTo(''))
    // The logo's file in storage (its key names its hash, so a replaced logo gets a new public URL).
    .addColumn('logo_key', 'text')
    .addColumn('logo_content_type', 'text')
    .addColumn('logo_size', 'integer')
    .addColumn('logo_sha256', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // What verifications.(template_id, user_id) references: a verification's template is its own account's.
    .addUniqueConstraint('templates_id_user_unique', ['id', 'user_id'])
    .addCheckConstraint(
      'templates_logo_complete',
      sql`(logo_key is null) = (logo_content_type is null) and (logo_key is null) = (logo_size is null)
        and (logo_key is null) = (logo_sha256 is null)`,
    )
    .execute();
  // At most one default per account; the services keep it at exactly one.
  await db.schema
    .createIndex('templates_one_default_per_user')
    .on('templates')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();
  await db.schema.createIndex('templates_user_idx').on('templates').column('user_id').execute();

  await sql`
    insert into templates (user_id, name, is_default, primary_color, background_color, text_color, fields)
    select id, 'Default', true, '#173f8a', '#f4f6f9', '#172033', ${JSON.stringify(DEFAULT_FIELDS)}::jsonb
    from users`.execute(db);

  // Until now template_id held whatever was sent; every verification now uses its account's default.
  await sql`alter table verifications alter column template_id type uuid using null`.execute(db);
  await sql`
    update verifications v set template_id = t.id
    from templates t
    where t.user_id = v.user_id and t.is_default`.execute(db);
  await sql`alter table verifications alter column template_id set not null`.execute(db);
  await db.schema
    .alterTable('verifications')
    .addForeignKeyConstraint(
      'verifications_template_fk',
      ['template_id', 'user_id'],
      'templates',
      ['id', 'user_id'],
      // A template in use cannot go: its verifications must first move to another one.
      (constraint) => constraint.onDelete('restrict'),
    )
    .execute();
  await db.schema
    .createIndex('verifications_template_idx')
    .on('verifications')
    .column('template_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_template_idx').execute();
  await db.schema.alterTable('verifications').dropConstraint('verifications_template_fk').execute();
  await sql`alter table verifications alter column template_id drop not null`.execute(db);
  await sql`alter table verifications alter column template_id type text using template_id::text`.execute(
    db,
  );
  await db.schema.dropTable('templates').execute();
}
