// Scan analytics without storing who scanned: each scan keeps its browser family, a country taken from the
// Accept-Language region, and a visitor key (a keyed hash of the client's address and user agent under a key that
// changes every day, so the same phone is one visitor within a day and untraceable across days; the address itself
// is never stored). A daily roll-up per verification, filled by the queue, is what the dashboard reads. Each
// verification carries its unusual-activity flag (many distinct visitors in a short time, or scans of a revoked or
// expired code: the sign of a QR code copied onto counterfeits) and when its owner was told.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('verification_scans')
    .addColumn('browser', 'text')
    .addColumn('country', 'text')
    .addColumn('visitor', 'text')
    .execute();

  await db.schema
    .createTable('scan_daily')
    .addColumn('verification_id', 'uuid', (column) =>
      column.notNull().references('verifications.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (column) => column.notNull())
    .addColumn('scans', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (column) => column.notNull().defaultTo(0))
    // Counts by device class, browser family and country: {"mobile": 3, "desktop": 1}.
    .addColumn('devices', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('browsers', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('countries', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addPrimaryKeyConstraint('scan_daily_pkey', ['verification_id', 'day'])
    .execute();
  await db.schema
    .createIndex('scan_daily_account_day_idx')
    .on('scan_daily')
    .columns(['account_id', 'day'])
    .execute();

  await db.schema
    .alterTable('verifications')
    .addColumn('unusual_since', 'timestamptz')
    .addColumn('unusual_reason', 'text')
    .addColumn('unusual_notified_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('verifications')
    .dropColumn('unusual_notified_at')
    .dropColumn('unusual_reason')
    .dropColumn('unusual_since')
    .execute();
  await db.schema.dropTable('scan_daily').execute();
  await db.schema
    .alterTable('verification_scans')
    .dropColumn('visitor')
    .dropColumn('country')
    .dropColumn('browser')
    .execute();
}
