// Brings the schema up to date with Kysely's migrator; safe to run on every start.
import { Migrator, sql, type Kysely, type MigrationResult } from 'kysely';

import { migrations } from '../../migrations';

// Kysely's migrator finds its own tables through two catalog queries on every start, tens of milliseconds on
// PGlite (and each test builds an app). When exactly the known migrations are recorded, two plain queries say
// there is nothing to do; anything else (a new database, a new migration, a database a newer version migrated)
// takes the migrator's path, with its lock and its checks.
async function isUpToDate<DB>(db: Kysely<DB>): Promise<boolean> {
  const { rows: table } = await sql<{
    found: string | null;
  }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  if (!table[0]?.found) return false;
  const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration`.execute(
    db,
  );
  const known = Object.keys(migrations);
  const appliedNames = new Set(applied.map((row) => row.name));
  return appliedNames.size === known.length && known.every((name) => appliedNames.has(name));
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  if (await isUpToDate(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message}`, { cause: error });
  }
  return results ?? [];
}
