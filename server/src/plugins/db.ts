// Opens the database, migrates it before the app serves anything, and closes it cleanly on app.close().
import fp from 'fastify-plugin';

import { migrateToLatest } from '../db/migrate';
import {
  describeDatabaseTarget,
  openDatabase,
  type DatabaseDriver,
  type DatabaseTarget,
} from '../db/open-database';
import { recordInstanceStart } from '../services/app-settings/record-instance-start';

import type { Database } from '../db/schema';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDriver: DatabaseDriver;
    /** The PGlite client behind db, or null on a Postgres server (see OpenDatabase). */
    pglite: PGlite | null;
    /** The Postgres server's URL, for a connection of one's own (LISTEN); null on PGlite. */
    databaseUrl: string | null;
    /** The embedded database's folder (snapshots copy it); null on a Postgres server or in memory. */
    pgliteDir: string | null;
  }
}

export default fp<{ target: DatabaseTarget }>(
  async (app, { target }) => {
    const { db, driver, pglite } = await openDatabase(target, app.log);
    try {
      const applied = await migrateToLatest(db);
      const instance = await recordInstanceStart(db);
      app.log.info(
        {
          database: describeDatabaseTarget(target),
          migrationsApplied: applied.map((m) => m.migrationName),
          ...instance,
        },
        'Database ready',
      );
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    app.decorate('db', db);
    app.decorate('dbDriver', driver);
    app.decorate('pglite', pglite);
    app.decorate('databaseUrl', target.driver === 'postgres' ? target.url : null);
    app.decorate('pgliteDir', (target.driver === 'pglite' && target.dataDir) || null);
  },
  { name: 'db', dependencies: ['config'] },
);
