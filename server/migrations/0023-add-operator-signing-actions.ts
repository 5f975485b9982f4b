// The operator's hand on document signing (docs/signing.md, `npm run document-signing`): an uploaded certificate
// can be revoked (its key leaked, its CA withdrew it) and the install's CA rotated or brought from a file
// (DOCUMENT_CA_P12). Each is written to the operator's own log: a CA is nobody's account, so the accounts' audit
// log cannot hold it.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('issuer_signing_certificates')
    .dropConstraint('issuer_signing_certificates_status')
    .execute();
  await db.schema
    .alterTable('issuer_signing_certificates')
    .addCheckConstraint(
      'issuer_signing_certificates_status',
      sql`status in ('active', 'removed', 'revoked')`,
    )
    .execute();
  await db.schema
    .alterTable('issuer_signing_certificates')
    .addColumn('revoked_reason', 'text')
    .execute();

  await db.schema
    .alterTable('document_signing_cas')
    // 'generated' by the server, or 'imported' from DOCUMENT_CA_P12.
    .addColumn('origin', 'text', (column) => column.notNull().defaultTo('generated'))
    .addColumn('retired_reason', 'text')
    // PEM of the certificates above an imported CA (its root): sent in each signature, published beside it.
    .addColumn('chain_pem', 'text', (column) => column.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('operator_audit_log')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('object_type', 'text', (column) => column.notNull())
    .addColumn('object_id', 'text', (column) => column.notNull())
    .addColumn('object_name', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_audit_log').execute();
  await db.schema
    .alterTable('document_signing_cas')
    .dropColumn('origin')
    .dropColumn('retired_reason')
    .dropColumn('chain_pem')
    .execute();
  await db.schema.alterTable('issuer_signing_certificates').dropColumn('revoked_reason').execute();
  await db.schema
    .alterTable('issuer_signing_certificates')
    .dropConstraint('issuer_signing_certificates_status')
    .execute();
  await db.schema
    .alterTable('issuer_signing_certificates')
    .addCheckConstraint('issuer_signing_certificates_status', sql`status in ('active', 'removed')`)
    .execute();
}
