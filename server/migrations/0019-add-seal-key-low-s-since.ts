// Seals are signed in low-S form from this version on, and a verifier refuses the high-S twin of any seal made
// since. Seals made before were signed either way and are printed already, so each key records from when its
// seals are low-S. Seals keep their time to the minute: a new key's seals are all low-S, so its time is its
// creation's minute; an existing key's is the minute after this migration, so no seal made before it is refused
// (the twin of one made in the migration's own minute stays accepted).
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seal_keys').addColumn('low_s_since', 'timestamptz').execute();
  await sql`update seal_keys set low_s_since = date_trunc('minute', now()) + interval '1 minute'`.execute(
    db,
  );
  await db.schema
    .alterTable('seal_keys')
    .alterColumn('low_s_since', (column) => column.setDefault(sql`date_trunc('minute', now())`))
    .execute();
  await db.schema
    .alterTable('seal_keys')
    .alterColumn('low_s_since', (column) => column.setNotNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seal_keys').dropColumn('low_s_since').execute();
}
