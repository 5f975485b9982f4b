// The refresh grace window: a rotated pair keeps its successor, encrypted with a key only the rotated refresh
// token opens, so a second refresh with the same token (another tab, a retry) can get the same pair back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('successor_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').dropColumn('successor_sealed').execute();
}
