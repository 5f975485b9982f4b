// Tests of one migration on data written before it: each test gets a new, empty database (no migration run) and a
// migrator over the known migrations, to stop at the one before and then go on.
import { Migrator } from 'kysely';

import { migrations } from '../../migrations';
import { openDatabase, type OpenDatabase } from '../../src/db/open-database';

import { createEmptyTestDatabase, type TestDatabase } from './test-app';

export function eachTestOnEmptyDatabase(): {
  db: () => OpenDatabase['db'];
  migrator: () => Migrator;
} {
  let database: TestDatabase;
  let opened: OpenDatabase;

  beforeEach(async () => {
    database = await createEmptyTestDatabase();
    opened = await openDatabase(database.target, { error: () => undefined });
  });

  afterEach(async () => {
    await opened.db.destroy();
    await database.drop();
  });

  return {
    db: () => opened.db,
    migrator: () =>
      new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } }),
  };
}
