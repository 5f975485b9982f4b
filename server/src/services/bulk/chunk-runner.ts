// How a bulk job works through its rows: a few at a time (one more than the securing workers), for at most
// BULK_CHUNK_SECONDS, waiting for a free securing pool rather than failing when single uploads fill it, and
// stopping soon after the operation is cancelled.
import { AppError } from '../../lib/app-error';

import { BULK_CHUNK_SECONDS, type BulkDeps } from './bulk-deps';
import { isOperationStill, type BulkOperationRecord } from './bulk-operation-rows';

import type { Securing } from '../../documents/securing-pool';
import type { DocumentsZipCache } from './documents-zip-cache';

/** What a job works with: the services' dependencies and the zip kept open between jobs. */
export type RunDeps = BulkDeps & { zips: DocumentsZipCache };

/** 'more' when the operation needs another job. */
export type StepResult = 'more' | 'done';

const BUSY_PAUSE_MS = 1000;

/** Runs work on each item with at most `concurrency` at once, stopping early when shouldStop says so. */
export async function eachConcurrently<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  shouldStop: () => Promise<boolean>,
): Promise<void> {
  let next = 0;
  let stopped = false;
  async function lane() {
    while (!stopped && next < items.length) {
      if (await shouldStop()) {
        stopped = true;
        return;
      }
      // Another lane may have taken the last item while this one awaited.
      if (next >= items.length) return;
      const item = items[next];
      next += 1;
      await work(item);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
}

/** Securing work in the shared pool; a full pool (busy with single uploads) is waited for, not a failure. */
export async function whenPoolFree<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'server_busy')) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
    }
  }
}

export function chunkDeadline(): () => boolean {
  const end = Date.now() + BULK_CHUNK_SECONDS * 1000;
  return () => Date.now() >= end;
}

/** The pool as a run uses it: a full pool (busy with single uploads) is waited for, not a failure. */
export function waitingForPool(securing: Securing): Securing {
  return {
    ...securing,
    secureDocument: (input) => whenPoolFree(() => securing.secureDocument(input)),
    secureDesign: (input) => whenPoolFree(() => securing.secureDesign(input)),
  };
}

/** Rows worked on at once: one more than the workers, so a worker never waits for the main thread to unzip. */
export function rowConcurrency(deps: RunDeps): number {
  return deps.config.SECURING_WORKERS + 1;
}

// A cancel is noticed within this long; asking before every row cost a query per row on the main thread.
const STATUS_CHECK_MS = 500;

/** Whether the operation is still in `status`, asked of the database at most every STATUS_CHECK_MS. */
export function statusWatch(
  deps: RunDeps,
  id: string,
  status: BulkOperationRecord['status'],
): () => Promise<boolean> {
  let checkedAt = 0;
  let answer: Promise<boolean> = Promise.resolve(true);
  return () => {
    if (Date.now() - checkedAt >= STATUS_CHECK_MS) {
      checkedAt = Date.now();
      answer = isOperationStill(deps.db, id, status);
    }
    return answer;
  };
}
