// Consistent copies of the embedded database while it serves, with Postgres's own online backup: pg_backup_start
// (a checkpoint), a copy of the folder made while writes go on, pg_backup_stop, then the WAL written meanwhile.
// Opened later, Postgres replays that WAL from the checkpoint named in backup_label, so pages copied mid-write are
// repaired (full_page_writes) and the copy is the database as it was at pg_backup_stop. Requests are held only
// while the two calls run; the copy is asynchronous file I/O.
import { existsSync, readdirSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { sql, type Kysely } from 'kysely';

import type { Database } from './schema';

/** Snapshots live in DATA_DIR/backups, one folder each, named snapshot-<UTC time> so they sort by age. */
export const SNAPSHOTS_FOLDER = 'backups';
const SNAPSHOT_PREFIX = 'snapshot-';

// Files of the running server, not of the database: never copied, never restored.
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);

export function snapshotsFolder(dataDir: string): string {
  return path.join(dataDir, SNAPSHOTS_FOLDER);
}

/** A folder name for a snapshot taken at `date`: 2026-06-01T12-30-05Z sorts by time and is valid everywhere. */
export function snapshotName(date: Date): string {
  return `${SNAPSHOT_PREFIX}${date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

/** The whole snapshots in DATA_DIR/backups, oldest first (a folder still being written ends in .partial). */
export function listSnapshots(dataDir: string): string[] {
  const folder = snapshotsFolder(dataDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.startsWith(SNAPSHOT_PREFIX) && !name.endsWith('.partial'))
    .sort()
    .map((name) => path.join(folder, name));
}

export function latestSnapshot(dataDir: string): string | null {
  return listSnapshots(dataDir).at(-1) ?? null;
}

const copyFilter = (source: string) => !NOT_COPIED.has(path.basename(source));

/**
 * Copies the live PGlite folder `pgliteDir` (open through `db`) into `destination`, which must not exist, as a
 * folder PGlite can open. Resolves with how long requests were held (the two backup calls), in milliseconds.
 */
export async function copyLivePglite(
  db: Kysely<Database>,
  pgliteDir: string,
  destination: string,
): Promise<{ heldMs: number }> {
  let heldMs = 0;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      heldMs += performance.now() - started;
    }
  };
  // fast: the checkpoint runs now rather than spread over minutes; the copy waits for it either way.
  await timed(() => sql`select pg_backup_start('qr-verify snapshot', true)`.execute(db));
  let label: string;
  try {
    await cp(pgliteDir, destination, {
      recursive: true,
      filter: (source) => copyFilter(source) && path.basename(source) !== 'pg_wal',
    });
  } finally {
    const { rows } = await timed(() =>
      sql<{ labelfile: string }>`select labelfile from pg_backup_stop(false)`.execute(db),
    );
    label = rows[0]!.labelfile;
  }
  // The WAL from the checkpoint on, written while the folder was copied.
  await cp(path.join(pgliteDir, 'pg_wal'), path.join(destination, 'pg_wal'), {
    recursive: true,
    filter: copyFilter,
  });
  await writeFile(path.join(destination, 'backup_label'), label, { mode: 0o600 });
  return { heldMs };
}

/** Removes what a snapshot interrupted by a crash left (the lock admits one process, so none is being written). */
export async function removePartialSnapshots(dataDir: string): Promise<void> {
  const folder = snapshotsFolder(dataDir);
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.partial'))) {
    await rm(path.join(folder, name), { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` snapshots. */
export async function pruneSnapshots(dataDir: string, keep: number): Promise<string[]> {
  const snapshots = listSnapshots(dataDir);
  const removed = snapshots.slice(0, Math.max(0, snapshots.length - keep));
  for (const snapshot of removed) await rm(snapshot, { recursive: true, force: true });
  return removed;
}
