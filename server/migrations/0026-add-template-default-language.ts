// A template's default language: the language its public pages are read in when neither the address, the
// switcher's cookie nor the browser chooses one (docs/languages.md). Null: none, so English.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('templates').addColumn('default_language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('default_language').execute();
}
