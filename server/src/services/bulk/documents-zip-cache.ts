// An operation's documents zip, kept open between its jobs: reading the directory of 10,000 entries again every
// chunk would make a run's cost grow with the square of its rows. One is kept, until another operation's is opened
// or it has been idle for ZIP_IDLE_MS. Owned by the bulk services of one app (not shared across apps in a
// process), and closed with them.
import { openDocumentsZip, type DocumentsZip, type ZipLimits } from '../../documents/zip-reader';

import { bulkFileKeys } from './bulk-deps';

import type { Storage } from '../../storage/storage';

const ZIP_IDLE_MS = 30_000;

interface OpenedZip {
  operationId: string;
  zip: Promise<DocumentsZip>;
  release(): Promise<void>;
  users: number;
  timer?: NodeJS.Timeout;
}

export interface DocumentsZipCache {
  /** Runs work with the operation's zip open (opened and checked as a whole when it is not kept already). */
  use<T>(operationId: string, work: (zip: DocumentsZip) => Promise<T>): Promise<T>;
  /** Closes the zip kept open between jobs (the app is closing). */
  close(): Promise<void>;
}

export function createDocumentsZipCache(storage: Storage, limits: ZipLimits): DocumentsZipCache {
  let kept: OpenedZip | undefined;

  async function closeZip(opened: OpenedZip): Promise<void> {
    clearTimeout(opened.timer);
    if (kept === opened) kept = undefined;
    await opened.zip.then((zip) => zip.close()).catch(() => undefined);
    await opened.release();
  }

  async function open(operationId: string): Promise<OpenedZip> {
    if (kept?.operationId === operationId) return kept;
    if (kept && kept.users === 0) await closeZip(kept);
    const local = await storage.localFile(bulkFileKeys(operationId).documents);
    const opened: OpenedZip = {
      operationId,
      zip: openDocumentsZip(local.path, limits),
      release: () => local.release(),
      users: 0,
    };
    // Kept only when no other operation's zip is in use (two operations' jobs can overlap across a hand-over).
    if (!kept) kept = opened;
    return opened;
  }

  return {
    async use(operationId, work) {
      const opened = await open(operationId);
      opened.users += 1;
      clearTimeout(opened.timer);
      try {
        return await work(await opened.zip);
      } catch (error) {
        // A zip that failed to open (or went bad) is not kept for the next job.
        if (kept === opened) kept = undefined;
        throw error;
      } finally {
        opened.users -= 1;
        if (opened.users === 0) {
          if (kept !== opened) await closeZip(opened);
          else {
            opened.timer = setTimeout(() => void closeZip(opened), ZIP_IDLE_MS);
            opened.timer.unref();
          }
        }
      }
    },

    async close() {
      if (kept && kept.users === 0) await closeZip(kept);
    },
  };
}
