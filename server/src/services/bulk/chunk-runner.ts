// How a bulk job works through its rows: a few at a time (one more than the securing workers), for at most
// BULK_CHUNK_SECONDS, waiting for a free securing pool rather than failing when single uploads fill it.
import { AppError } from '../../lib/app-error';

import { BULK_CHUNK_SECONDS } from './bulk-deps';

import type { Securing } from '../../documents/securing-pool';

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
