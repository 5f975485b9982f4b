// Custom domains: one per account, proven by a TXT record and served once verified. A domain verified by one
// account cannot be verified by another (a partial unique index: pending ones may collide, the TXT token decides).
// Verifications keep the origin their QR code was printed with (null: PUBLIC_URL), so a later domain change or
// removal never changes the URL of a code already issued; a removed domain still serves the codes printed with it,
// found through that origin (indexed).
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_domains')
    .addColumn('account_id', 'uuid', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    // Normalised: lower case, no trailing dot, IDN as punycode.
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    // The value of the TXT record: qrverify-verification={token}; a fresh one on every PUT.
    .addColumn('token', 'text', (column) => column.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('error', 'text')
    // What the last check found for the CNAME (ok, missing, elsewhere, unchecked) and where it pointed.
    .addColumn('cname_state', 'text', (column) => column.notNull().defaultTo('unchecked'))
    .addColumn('cname_value', 'text')
    // Background re-checks run while pending, for 48 hours from pending_since.
    .addColumn('check_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('pending_since', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('custom_domains_status', sql`status in ('pending', 'verified', 'failed')`)
    .addCheckConstraint(
      'custom_domains_cname_state',
      sql`cname_state in ('ok', 'missing', 'elsewhere', 'unchecked')`,
    )
    .execute();
  await db.schema
    .createIndex('custom_domains_verified_domain_idx')
    .on('custom_domains')
    .column('domain')
    .unique()
    .where(sql.ref('status'), '=', 'verified')
    .execute();

  await db.schema.alterTable('verifications').addColumn('public_origin', 'text').execute();
  await db.schema
    .createIndex('verifications_public_origin_idx')
    .on('verifications')
    .column('public_origin')
    .where(sql.ref('public_origin'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_public_origin_idx').execute();
  await db.schema.alterTable('verifications').dropColumn('public_origin').execute();
  await db.schema.dropTable('custom_domains').execute();
}
