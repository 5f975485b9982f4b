// The unusual-activity rule's bookkeeping: when it last matched a flagged verification (the flag clears after a
// quiet week without a match, services/analytics/evaluate-unusual-activity.ts), and an index on scan time for
// the roll-up and the rule, which read the recent scans of every verification.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verifications').addColumn('unusual_seen_at', 'timestamptz').execute();
  await db.schema
    .createIndex('verification_scans_scanned_at_idx')
    .on('verification_scans')
    .column('scanned_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verification_scans_scanned_at_idx').execute();
  await db.schema.alterTable('verifications').dropColumn('unusual_seen_at').execute();
}
