// Snapshots of a single-process installation (embedded PGlite) while it serves: at start and every
// BACKUP_INTERVAL_HOURS, the newest BACKUP_KEEP kept in DATA_DIR/backups. Each holds the database (a consistent
// online copy, db/pglite-snapshot.ts), the stored documents as hard links (a stored file is never rewritten in
// place, so a link keeps the version the snapshot saw at no cost in space) and the generated seal master key.
// `npm run restore -- --from <snapshot>` puts one back; nothing restores by itself. On a Postgres server the
// database's own backups apply (docs/deployment.md), so nothing is taken.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import {
  copyLivePglite,
  pruneSnapshots,
  removePartialSnapshots,
  snapshotName,
  snapshotsFolder,
} from '../../db/pglite-snapshot';
import { linkTree } from '../../lib/link-tree';
import { SEAL_MASTER_KEY_FILE } from '../seals/seal-master-key';

import type { Config } from '../../config';
import type { Queue, QueuePolicy } from '../../queue/queue';

const SNAPSHOT_QUEUE = 'database-snapshot';
const SNAPSHOT_KEY = 'snapshot';
const HOUR_MS = 3_600_000;
// One at a time; a snapshot that outlives an hour is stuck and is tried again.
const policy: QueuePolicy = {
  policy: 'stately',
  expireInSeconds: 3_600,
  retryLimit: 2,
  retryDelay: 300,
};

// Folders of DATA_DIR/files that are not documents: half-written uploads.
const NOT_LINKED = new Set(['.tmp']);

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SnapshotDeps {
  /** The embedded database's folder; null on a Postgres server or an in-memory database (nothing to take). */
  pgliteDir: string | null;
  queue: Queue;
  config: Pick<
    Config,
    'DATA_DIR' | 'S3_BUCKET' | 'SEAL_MASTER_KEY' | 'BACKUP_INTERVAL_HOURS' | 'BACKUP_KEEP'
  >;
}

export function buildSnapshotServices({ pgliteDir, queue, config }: SnapshotDeps) {
  const filesDir = path.join(config.DATA_DIR, 'files');
  const sealKeyFile = path.join(config.DATA_DIR, SEAL_MASTER_KEY_FILE);
  let schedule: NodeJS.Timeout | undefined;
  let log: Log = { info: () => undefined, error: () => undefined };

  /** Takes a snapshot now and prunes old ones; answers its folder. */
  async function takeSnapshot(now = new Date()): Promise<{ folder: string }> {
    if (!pgliteDir) throw new Error('Snapshots are of the embedded database in DATA_DIR');
    const folder = path.join(snapshotsFolder(config.DATA_DIR), snapshotName(now));
    const partial = `${folder}.partial`;
    await removePartialSnapshots(config.DATA_DIR);
    await mkdir(partial, { recursive: true });
    try {
      await copyLivePglite(pgliteDir, path.join(partial, 'pglite'));
      if (!config.S3_BUCKET && existsSync(filesDir)) {
        await linkTree(filesDir, path.join(partial, 'files'), NOT_LINKED);
      }
      if (!config.SEAL_MASTER_KEY && existsSync(sealKeyFile)) {
        await copyFile(sealKeyFile, path.join(partial, SEAL_MASTER_KEY_FILE));
      }
      await rename(partial, folder);
      await pruneSnapshots(config.DATA_DIR, config.BACKUP_KEEP);
      return { folder };
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
  }

  const sendSnapshot = () => queue.send(SNAPSHOT_QUEUE, {}, { singletonKey: SNAPSHOT_KEY });

  return {
    takeSnapshot,

    /** Defines and works the queue, asks for a snapshot now and every interval (embedded database only). */
    async startWorking(appLog: Log) {
      if (!pgliteDir || config.BACKUP_INTERVAL_HOURS === 0) return;
      log = appLog;
      await queue.define(SNAPSHOT_QUEUE, policy);
      await queue.work(SNAPSHOT_QUEUE, async () => {
        const started = performance.now();
        const { folder } = await takeSnapshot();
        const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
        log.info({ folder, seconds }, 'Database snapshot taken');
      });
      await sendSnapshot();
      // The queue has no cron here (see plugins/queue.ts): a timer asks, the queue does the work.
      schedule = setInterval(() => {
        sendSnapshot().catch((error: unknown) =>
          log.error({ err: error }, 'Could not schedule a database snapshot'),
        );
      }, config.BACKUP_INTERVAL_HOURS * HOUR_MS);
      schedule.unref();
    },
    close() {
      clearInterval(schedule);
    },
  };
}

export type SnapshotServices = ReturnType<typeof buildSnapshotServices>;
