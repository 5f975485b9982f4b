// Where uploaded and generated files live, behind one small interface: on disk (disk-storage.ts) or in an S3
// bucket (s3-storage.ts), with the same keys. Keys are relative paths such as 'verifications/<id>/original'.
import type { Readable } from 'node:stream';

export interface Storage {
  /** Writes the whole file under key, replacing any file already there; readers never see a half-written file. */
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** The file's bytes; throws StoredFileNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** The file as a stream, for large answers; throws StoredFileNotFoundError when there is none. */
  getStream(key: string): Promise<Readable>;
  /**
   * The file as a path on this machine, for readers that need to seek (a zip's directory is at its end) or a
   * worker thread that reads it itself. An object store downloads it to a temporary file; release() removes that.
   * Throws StoredFileNotFoundError when there is none.
   */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /**
   * Copies the file at `from` to `to`, replacing any file there, without the bytes passing through the app: a
   * hard link on disk, a server-side copy in a bucket. Readers never see a half-written `to`; its modifiedAt is
   * the copy's time. Throws StoredFileNotFoundError when there is no file at `from`.
   */
  copy(from: string, to: string): Promise<void>;
  /**
   * Moves the file at `from` to `to`, replacing any file there: a rename on disk (atomic), a copy then a delete in a
   * bucket (a crash between the two leaves both, never neither). Throws StoredFileNotFoundError when there is no
   * file at `from`.
   */
  move(from: string, to: string): Promise<void>;
  /** Removes the file; removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** When the file was last written; null when there is none. */
  modifiedAt(key: string): Promise<Date | null>;
  /** Every key under the folder `prefix` (e.g. 'uploads'), at any depth, in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Throws when the store cannot be written and read now (readiness checks). */
  check(): Promise<void>;
}

export class StoredFileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under "${key}"`);
    this.name = 'StoredFileNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key "${key}"`);
    this.name = 'InvalidStorageKeyError';
  }
}

// Plain path segments only: no '.' or '..', no empty segments, no absolute paths, no backslashes or NUL bytes,
// so a key can never name a file outside the storage root whatever the implementation. A leading dot is also
// refused: implementations keep their own working files under dot-names.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

/** The key's path segments; throws InvalidStorageKeyError for a key that could escape the storage root. */
export function storageKeySegments(key: string): string[] {
  const segments = key.split('/');
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !segments.every((s) => SEGMENT.test(s))) {
    throw new InvalidStorageKeyError(key);
  }
  return segments;
}
