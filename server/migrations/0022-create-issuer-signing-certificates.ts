// An issuer's own document-signing certificate (docs/signing.md): the PKCS #12 file it uploaded and its password,
// each AES-256-GCM under the master key as the seal keys are (additional data: the certificate's SHA-256), with
// what the settings screen shows of it. One active per account; a removed one is kept, so that the PDFs it signed
// can still be traced to it.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issuer_signing_certificates')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('uploaded_by', 'uuid', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    // DER of the signing certificate.
    .addColumn('certificate', 'bytea', (column) => column.notNull())
    .addColumn('certificate_sha256', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('common_name', 'text', (column) => column.notNull())
    .addColumn('key_description', 'text', (column) => column.notNull())
    .addColumn('not_before', 'timestamptz', (column) => column.notNull())
    .addColumn('not_after', 'timestamptz', (column) => column.notNull())
    .addColumn('pkcs12_iv', 'bytea', (column) => column.notNull())
    .addColumn('pkcs12_tag', 'bytea', (column) => column.notNull())
    .addColumn('pkcs12_ciphertext', 'bytea', (column) => column.notNull())
    .addColumn('password_iv', 'bytea', (column) => column.notNull())
    .addColumn('password_tag', 'bytea', (column) => column.notNull())
    .addColumn('password_ciphertext', 'bytea', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    // When the owner was told it ends within 30 days: once per certificate.
    .addColumn('expiry_notice_sent_at', 'timestamptz')
    .addCheckConstraint('issuer_signing_certificates_status', sql`status in ('active', 'removed')`)
    .execute();
  await db.schema
    .createIndex('issuer_signing_certificates_one_active_idx')
    .on('issuer_signing_certificates')
    .column('account_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('issuer_signing_certificates').execute();
}
