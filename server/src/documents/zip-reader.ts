// Reads zips with yauzl, bounded: a documents zip (its entries by name, each read on demand) and an XLSX's parts
// (only counted). yauzl refuses entry names with '..', a leading '/' or a backslash, and checks while inflating
// that no entry grows past the size its header declares, so declared sizes can be trusted for the totals.
import yauzl, { type Entry, type ZipFile } from 'yauzl';

import { AppError } from '../lib/app-error';
import { formatBytes } from '../lib/format-bytes';

const OPEN_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  autoClose: false,
  validateEntrySizes: true,
  decodeStrings: true,
};

function openZipFile(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, OPEN_OPTIONS, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** Calls onEntry for each entry in turn; resolves when all are seen (or onEntry answers false). */
function eachEntry(zip: ZipFile, onEntry: (entry: Entry) => Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      onEntry(entry).then((more) => (more ? zip.readEntry() : resolve()), reject);
    });
    zip.readEntry();
  });
}

function readStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/** The total bytes the zip's entries inflate to, or null once it passes max (inflating stops there). */
export async function inflatedZipSize(path: string, max: number): Promise<number | null> {
  const zip = await openZipFile(path);
  let total = 0;
  try {
    await eachEntry(zip, async (entry) => {
      if (entry.fileName.endsWith('/')) return true;
      if (total + entry.uncompressedSize > max) {
        total = max + 1;
        return false;
      }
      const stream = await readStream(zip, entry);
      for await (const chunk of stream) total += (chunk as Buffer).length;
      return true;
    });
  } finally {
    zip.close();
  }
  return total > max ? null : total;
}

export interface ZipLimits {
  /** The most all entries may inflate to together (BULK_MAX_ZIP_BYTES). */
  maxInflatedBytes: number;
  maxEntries: number;
}

export function zipError(message: string): AppError {
  return new AppError({
    statusCode: 400,
    code: 'invalid_zip',
    message,
    details: { documents: [message] },
  });
}

// Folders, and what macOS and editors add beside the documents.
function isIgnored(name: string): boolean {
  return (
    name.endsWith('/') ||
    name.startsWith('__MACOSX/') ||
    name.split('/').some((segment) => segment.startsWith('.'))
  );
}

function asZipError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/invalid relative path|absolute path|invalid characters in fileName/.test(message)) {
    return zipError(
      `The zip holds an entry with an unsafe name (${message.replace(/^[^:]*: /, '')}): names with "..", a leading "/" or a backslash are refused.`,
    );
  }
  if (/end of central directory record signature not found/.test(message)) {
    return zipError('The documents file is not a zip archive.');
  }
  return zipError(`The zip is damaged: ${message}`);
}

/** A documents zip, open for reading entries by name. */
export interface DocumentsZip {
  /** Entry names, as stored (with their folders). */
  names(): string[];
  /** The entry the sheet's `file` value names, or a message saying why none does. */
  find(name: string): { name: string; size: number } | { problem: string };
  /** The entry's bytes; throws for a missing one. */
  read(name: string): Promise<Buffer>;
  close(): void;
}

/**
 * Opens the zip and checks it as a whole: its entry names, the number of entries and the size of all of them
 * inflated. A problem with one entry (missing, too large, not a document) is the rows' business, not this.
 */
export async function openDocumentsZip(path: string, limits: ZipLimits): Promise<DocumentsZip> {
  const zip = await openZipFile(path).catch((error: unknown) => {
    throw asZipError(error);
  });
  const entries = new Map<string, Entry>();
  let total = 0;
  try {
    await eachEntry(zip, async (entry) => {
      if (isIgnored(entry.fileName)) return true;
      total += entry.uncompressedSize;
      if (total > limits.maxInflatedBytes) {
        throw zipError(
          `The zip's documents come to more than ${formatBytes(limits.maxInflatedBytes)} once unpacked.`,
        );
      }
      if (entries.size >= limits.maxEntries) {
        throw zipError(`The zip holds more than ${limits.maxEntries.toLocaleString('en')} files.`);
      }
      entries.set(entry.fileName, entry);
      return true;
    });
  } catch (error) {
    zip.close();
    throw asZipError(error);
  }
  return documentsZip(zip, entries);
}

function documentsZip(zip: ZipFile, entries: Map<string, Entry>): DocumentsZip {
  // The sheet may name a file with or without its folders, and in another case: unambiguous matches count.
  const byBaseName = new Map<string, string[]>();
  for (const name of entries.keys()) {
    const key = name.split('/').at(-1)!.toLowerCase();
    byBaseName.set(key, [...(byBaseName.get(key) ?? []), name]);
  }

  function find(requested: string): { name: string; size: number } | { problem: string } {
    const exact = entries.get(requested);
    if (exact) return { name: requested, size: exact.uncompressedSize };
    const candidates = byBaseName.get(requested.split('/').at(-1)!.toLowerCase()) ?? [];
    if (candidates.length === 1) {
      return { name: candidates[0], size: entries.get(candidates[0])!.uncompressedSize };
    }
    if (candidates.length > 1) {
      return {
        problem: `Several files in the zip are named "${requested}" (${candidates.slice(0, 3).join(', ')}); give the file's folder too.`,
      };
    }
    return { problem: `The zip has no file named "${requested}".` };
  }

  return {
    names: () => [...entries.keys()],
    find,
    async read(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`No entry ${name} in the zip`);
      const stream = await readStream(zip, entry).catch((error: unknown) => {
        throw asZipError(error);
      });
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      } catch (error) {
        throw asZipError(error);
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
