// A secured PDF signed while the time-stamping authority failed is upgraded later (docs/signing.md): the record
// keeps why its timestamp is missing until then, and afterwards the SHA-256 of the file as first signed, which the
// upgraded file begins with and the public page's copy check still accepts.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('verifications')
    .addColumn('timestamp_problem', 'text')
    .addColumn('earlier_secured_sha256', 'text')
    .execute();
  await db.schema
    .createIndex('verifications_signature_upgrade_due')
    .on('verifications')
    .column('created_at')
    .where(sql.ref('timestamp_problem'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_signature_upgrade_due').execute();
  await db.schema
    .alterTable('verifications')
    .dropColumn('timestamp_problem')
    .dropColumn('earlier_secured_sha256')
    .execute();
}
