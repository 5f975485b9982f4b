// PAdES signatures on secured PDFs (docs/signing.md): the install's document-signing CA, made at first start, and
// each account's signing certificate from it (one active at a time; a new one is issued when what it may say of
// the account changes). Private keys are stored as the seal keys are: AES-256-GCM under the master key, with the
// certificate's SHA-256 as additional data. Each verification records the signature its PDF carries; those made
// before stay unsigned (null).
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_signing_cas')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // DER.
    .addColumn('certificate', 'bytea', (column) => column.notNull())
    .addColumn('certificate_sha256', 'text', (column) => column.notNull().unique())
    .addColumn('private_key_iv', 'bytea', (column) => column.notNull())
    .addColumn('private_key_tag', 'bytea', (column) => column.notNull())
    .addColumn('private_key_ciphertext', 'bytea', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .addCheckConstraint('document_signing_cas_status', sql`status in ('active', 'retired')`)
    .execute();
  // Two instances starting at once make one CA.
  await db.schema
    .createIndex('document_signing_cas_one_active_idx')
    .on('document_signing_cas')
    .column('status')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await db.schema
    .createTable('document_signing_certificates')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('ca_id', 'uuid', (column) => column.notNull().references('document_signing_cas.id'))
    // The SHA-256 of the subject it was issued for: another one is issued when the account's identity changes.
    .addColumn('subject_sha256', 'text', (column) => column.notNull())
    .addColumn('common_name', 'text', (column) => column.notNull())
    .addColumn('certificate', 'bytea', (column) => column.notNull())
    .addColumn('certificate_sha256', 'text', (column) => column.notNull().unique())
    .addColumn('private_key_iv', 'bytea', (column) => column.notNull())
    .addColumn('private_key_tag', 'bytea', (column) => column.notNull())
    .addColumn('private_key_ciphertext', 'bytea', (column) => column.notNull())
    .addColumn('not_after', 'timestamptz', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .addCheckConstraint(
      'document_signing_certificates_status',
      sql`status in ('active', 'retired')`,
    )
    .execute();
  await db.schema
    .createIndex('document_signing_certificates_one_active_idx')
    .on('document_signing_certificates')
    .column('account_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await db.schema
    .alterTable('verifications')
    // PAdES level of the secured PDF's signature ('B-B', 'B-T', …); null when unsigned (made before signing).
    .addColumn('signature_level', 'text')
    // The signing certificate's common name, as PDF readers show it.
    .addColumn('signature_signer', 'text')
    .addColumn('signature_certificate_sha256', 'text')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('timestamped_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('verifications')
    .dropColumn('signature_level')
    .dropColumn('signature_signer')
    .dropColumn('signature_certificate_sha256')
    .dropColumn('signed_at')
    .dropColumn('timestamped_at')
    .execute();
  await db.schema.dropTable('document_signing_certificates').execute();
  await db.schema.dropTable('document_signing_cas').execute();
}
