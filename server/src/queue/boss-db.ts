// pg-boss's `db` option, routed through the app's Kysely so that on PGlite (one connection) pg-boss's statements
// queue behind an open Kysely transaction instead of running inside it, and so that one job can join a
// transaction on purpose (transactionBossDb).
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';

import type { Database } from '../db/schema';
import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

type Rows = Awaited<ReturnType<PgBoss.Db['executeSql']>>;

export interface AppBossDb extends PgBoss.Db {
  /** Statements pg-boss started and that have not settled: it does not await complete() or fail(). */
  inFlight(): number;
  /** Resolves once every statement started so far has settled. */
  drain(): Promise<void>;
}

/**
 * The app-wide adapter. pg-boss sends its schema install and maintenance as parameterless multi-statement scripts
 * (`BEGIN; …; COMMIT;`): pg runs those with the simple protocol, PGlite only through `exec` (its `query` takes one
 * statement). `pglite` is the raw client behind `db` on PGlite; the script runs while this adapter holds Kysely's
 * only connection, so no Kysely transaction can be open around it.
 */
export function appBossDb(db: Kysely<Database>, pglite: Pick<PGlite, 'exec'> | null): AppBossDb {
  const pending = new Set<Promise<Rows>>();

  async function runScript(text: string): Promise<Rows> {
    return db.connection().execute(async (connection) => {
      try {
        if (pglite) return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
        return { rows: [...(await connection.executeQuery(CompiledQuery.raw(text, []))).rows] };
      } catch (error) {
        // A script that fails halfway leaves its session in an aborted transaction; every later statement on
        // that connection (PGlite's only one, or a pooled pg client) would fail until it is rolled back.
        const rollback = pglite
          ? pglite.exec('ROLLBACK')
          : connection.executeQuery(CompiledQuery.raw('ROLLBACK', []));
        await rollback.catch(() => undefined);
        throw error;
      }
    });
  }

  async function run(text: string, values: unknown[] | undefined): Promise<Rows> {
    if (!values || values.length === 0) return runScript(text);
    return { rows: [...(await db.executeQuery(CompiledQuery.raw(text, values))).rows] };
  }

  return {
    executeSql(text, values) {
      const promise = run(text, values);
      pending.add(promise);
      const settle = () => pending.delete(promise);
      promise.then(settle, settle);
      return promise;
    },
    inFlight: () => pending.size,
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** An adapter bound to one transaction: the job is written, committed or rolled back with the transaction's rows. */
export function transactionBossDb(trx: Transaction<Database>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: [...(await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows] };
    },
  };
}
