// Moves a disk store into a bucket (npm run storage:migrate): copies each file, then reads the object back and
// checks its SHA-256 against the file. Files are streamed, a few at a time, so memory stays flat however many
// and however large they are.
import { opendir } from 'node:fs/promises';
import path from 'node:path';

import { sha256OfStream } from '../lib/sha256';

import { storageKeySegments } from './storage';

import type { DiskStorage } from './disk-storage';
import type { S3Storage } from './s3-storage';

export interface CopySummary {
  copied: number;
  /** Already in the bucket with the same size and the SHA-256 recorded when it was copied. */
  skipped: number;
  verified: number;
  /** Keys whose object in the bucket does not hold the file's bytes. */
  mismatches: string[];
  /** Keys that could not be copied or read back, with the reason. */
  failures: { key: string; reason: string }[];
  /** Files under the folder whose names are no storage key (the disk store's own temporary files, say). */
  ignored: string[];
}

export interface CopyProgress {
  /** Called for each file once its copy has been checked. */
  onChecked?(key: string, outcome: 'copied' | 'skipped' | 'mismatch' | 'failed'): void;
}

/** The object metadata (x-amz-meta-sha256) that records the SHA-256 a copy was made with. */
const SHA256_METADATA = 'sha256';
// Files in flight at once: each holds at most one upload's parts (s3-storage.ts), and four keep a link busy.
const FILES_AT_ONCE = 4;

function isStorageKey(key: string): boolean {
  try {
    storageKeySegments(key);
    return true;
  } catch {
    return false;
  }
}

/** Every file's path relative to root, as a storage-style key, one at a time: the tree is never listed whole. */
async function* filesBelow(root: string): AsyncGenerator<string> {
  for await (const entry of await opendir(root, { recursive: true })) {
    if (entry.isFile()) {
      yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    }
  }
}

async function forEachAtOnce<T>(
  items: AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  async function worker(): Promise<void> {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      await work(next.value);
    }
  }
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Copies one file unless the bucket already has it; answers whether the bucket now holds its bytes. */
async function copyAndCheck(
  source: DiskStorage,
  target: S3Storage,
  key: string,
): Promise<'copied' | 'skipped' | 'mismatch'> {
  const file = await sha256OfStream(await source.getStream(key));
  const existing = await target.stat(key);
  const isCopied =
    existing?.size === file.size && existing.metadata[SHA256_METADATA] === file.sha256;
  if (!isCopied) {
    await target.put(key, await source.getStream(key), { [SHA256_METADATA]: file.sha256 });
  }
  // Read back whole either way: the recorded hash says what was sent, only the bytes say what is kept.
  const stored = await sha256OfStream(await target.getStream(key));
  if (stored.sha256 !== file.sha256 || stored.size !== file.size) return 'mismatch';
  return isCopied ? 'skipped' : 'copied';
}

export async function copyDiskToBucket(
  source: DiskStorage,
  target: S3Storage,
  progress: CopyProgress = {},
): Promise<CopySummary> {
  const summary: CopySummary = {
    copied: 0,
    skipped: 0,
    verified: 0,
    mismatches: [],
    failures: [],
    ignored: [],
  };
  await forEachAtOnce(filesBelow(source.root), FILES_AT_ONCE, async (key) => {
    if (!isStorageKey(key)) {
      summary.ignored.push(key);
      return;
    }
    let outcome: 'copied' | 'skipped' | 'mismatch' | 'failed';
    try {
      outcome = await copyAndCheck(source, target, key);
    } catch (error) {
      summary.failures.push({ key, reason: (error as Error).message });
      outcome = 'failed';
    }
    if (outcome === 'copied' || outcome === 'skipped') {
      summary[outcome] += 1;
      summary.verified += 1;
    }
    if (outcome === 'mismatch') summary.mismatches.push(key);
    progress.onChecked?.(key, outcome);
  });
  return summary;
}
