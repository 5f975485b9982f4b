// When each verification's last `verification.scanned` webhook event was made: scans send at most one a minute
// per verification (services/webhooks/webhook-scans.ts). A table of its own keeps the hot verifications row as it is.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_scan_events')
    .addColumn('verification_id', 'uuid', (column) =>
      column.primaryKey().references('verifications.id').onDelete('cascade'),
    )
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_scan_events').execute();
}
