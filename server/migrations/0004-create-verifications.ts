// Verifications (a secured document's record, its public code and its files' fingerprints) and their scans.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verifications')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // The public code in the QR code and the page address: 16 characters of lower-case base32.
    .addColumn('code', 'text', (column) => column.notNull().unique())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('holder_name', 'text', (column) => column.notNull())
    .addColumn('issue_date', 'date', (column) => column.notNull())
    .addColumn('expiry_date', 'date')
    .addColumn('custom_fields', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    // Templates arrive later; until then the id is kept as given.
    .addColumn('template_id', 'text')
    .addColumn('qr_placement', 'jsonb', (column) => column.notNull())
    .addColumn('allow_download', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revocation_reason', 'text')
    .addColumn('replaced_by_id', 'uuid', (column) =>
      column.references('verifications.id').onDelete('set null'),
    )
    .addColumn('original_file_name', 'text', (column) => column.notNull())
    .addColumn('original_content_type', 'text', (column) => column.notNull())
    .addColumn('original_size', 'integer', (column) => column.notNull())
    .addColumn('original_sha256', 'text', (column) => column.notNull())
    .addColumn('secured_size', 'integer', (column) => column.notNull())
    .addColumn('secured_sha256', 'text', (column) => column.notNull())
    // Kept on the row so lists can sort by it; the scans table holds each view.
    .addColumn('scan_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_scanned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'verifications_expiry_after_issue',
      sql`expiry_date is null or expiry_date >= issue_date`,
    )
    .execute();
  await db.schema
    .createIndex('verifications_user_created_idx')
    .on('verifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verifications_replaced_by_idx')
    .on('verifications')
    .column('replaced_by_id')
    .execute();

  // One row per view of the public page: when, and what kind of device (never the IP or the raw User-Agent).
  await db.schema
    .createTable('verification_scans')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('verification_id', 'uuid', (column) =>
      column.notNull().references('verifications.id').onDelete('cascade'),
    )
    .addColumn('scanned_at', 'timestamptz', (column) => column.notNull())
    .addColumn('device', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('verification_scans_verification_idx')
    .on('verification_scans')
    .columns(['verification_id', 'scanned_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_scans').execute();
  await db.schema.dropTable('verifications').execute();
}
