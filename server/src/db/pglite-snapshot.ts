// Consistent copies of the embedded database while it serves, without holding its requests. The folder is copied
// as a crash would leave it, in the order crash recovery needs: pg_control first (it names the checkpoint recovery
// starts from), then the data files while writes go on, then the WAL. Opened later, Postgres replays the WAL from
// that checkpoint to its end: pages copied mid-write are repaired from the full-page images written after the
// checkpoint (full_page_writes), and every change a copied page holds was logged before it was written, so the WAL
// copied last has it. That holds while no checkpoint runs during the copy (one would recycle the WAL the copy
// needs): embedded PGlite has no checkpointer, and pg_control changes only at a checkpoint, so the copy is taken
// again when it changed. (Postgres's own online backup, pg_backup_start/stop, holds requests for a checkpoint and
// still needs WAL archiving to keep the WAL a checkpoint during the copy would remove: not simpler, not safer.)
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Snapshots live in DATA_DIR/backups, one folder each, named snapshot-<UTC time> so they sort by age. */
export const SNAPSHOTS_FOLDER = 'backups';
const SNAPSHOT_PREFIX = 'snapshot-';

// Files of the running server, not of the database: never copied, never restored.
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);

export function snapshotsFolder(dataDir: string): string {
  return path.join(dataDir, SNAPSHOTS_FOLDER);
}

/** 2026-06-01T12-30-05Z: a UTC time that sorts by age and is valid in a file name everywhere. */
export function timestampForName(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/** A folder name for a snapshot taken at `date`. */
export function snapshotName(date: Date): string {
  return `${SNAPSHOT_PREFIX}${timestampForName(date)}`;
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

const CONTROL_FILE = path.join('global', 'pg_control');
const COPY_ATTEMPTS = 5;

/** The folder with its pg_control as it was before the copy began; false when a checkpoint ran meanwhile. */
async function copyAsCrashed(pgliteDir: string, destination: string): Promise<boolean> {
  const control = await readFile(path.join(pgliteDir, CONTROL_FILE));
  await mkdir(path.join(destination, 'global'), { recursive: true });
  await writeFile(path.join(destination, CONTROL_FILE), control, { mode: 0o600 });
  await cp(pgliteDir, destination, {
    recursive: true,
    filter: (source) =>
      copyFilter(source) &&
      path.basename(source) !== 'pg_wal' &&
      path.relative(pgliteDir, source) !== CONTROL_FILE,
  });
  await cp(path.join(pgliteDir, 'pg_wal'), path.join(destination, 'pg_wal'), {
    recursive: true,
    filter: copyFilter,
  });
  return (await readFile(path.join(pgliteDir, CONTROL_FILE))).equals(control);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Checkpoints ran through every copy (a very heavy write load): the caller tries again later. */
export class SnapshotInterrupted extends Error {}

/**
 * Copies the live PGlite folder `pgliteDir` into `destination`, which must not exist, as a folder PGlite can
 * open, without holding the database's requests; throws SnapshotInterrupted when checkpoints kept interrupting.
 */
export async function copyLivePglite(pgliteDir: string, destination: string): Promise<void> {
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt += 1) {
    // A file removed while it was copied (a table dropped) is one more reason to copy again.
    const isWhole = await copyAsCrashed(pgliteDir, destination).catch((error: unknown) => {
      if (isMissing(error)) return false;
      throw error;
    });
    if (isWhole) return;
    await rm(destination, { recursive: true, force: true });
  }
  throw new SnapshotInterrupted(
    `A checkpoint ran during each of ${COPY_ATTEMPTS} copies of ${pgliteDir}; the snapshot is taken later.`,
  );
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
