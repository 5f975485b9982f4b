// Brings the schema up to date with Kysely's migrator; safe to run on every start.
import { Migrator, type Kysely, type MigrationResult } from 'kysely';

import { migrations } from '../../migrations';

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message}`, { cause: error });
  }
  return results ?? [];
}
