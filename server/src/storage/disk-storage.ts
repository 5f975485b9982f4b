// Storage on the local disk under one root folder (DATA_DIR/files). Writes go to a temporary file first and are
// renamed into place, so a crash or a failed upload never leaves a truncated file under a real key.
import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  utimes,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { storageKeySegments, StoredFileNotFoundError, type Storage } from './storage';

const TEMP_FOLDER = '.tmp';

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export class DiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const file = path.join(this.root, ...storageKeySegments(key));
    // The key check already rules this out; checked again because a mistake here would expose the whole disk.
    if (!file.startsWith(this.root + path.sep))
      throw new Error(`Storage key escapes the root: ${key}`);
    return file;
  }

  private async newTempFile(): Promise<string> {
    const tempDir = path.join(this.root, TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    return path.join(tempDir, `${randomBytes(12).toString('hex')}.part`);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const file = this.pathOf(key);
    const tempFile = await this.newTempFile();
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(tempFile, { flags: 'wx' }));
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tempFile, file);
    } catch (error) {
      await rm(tempFile, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissingFile(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    // Checked first: a stream only reports a missing file once read, after the answer's headers are sent.
    if (!(await this.isFile(file))) throw new StoredFileNotFoundError(key);
    return createReadStream(file);
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    const file = this.pathOf(key);
    if (!(await this.isFile(file))) throw new StoredFileNotFoundError(key);
    return { path: file, release: async () => undefined };
  }

  // A second name for the same bytes: files are never changed in place (put renames a new file over the old one),
  // so the two names cannot drift apart. Made under a temporary name and renamed into place, as put does; a
  // file system without hard links gets a real copy instead.
  async copy(from: string, to: string): Promise<void> {
    const [source, target] = [this.pathOf(from), this.pathOf(to)];
    const tempFile = await this.newTempFile();
    try {
      await link(source, tempFile).catch(async (error: NodeJS.ErrnoException) => {
        if (isMissingFile(error)) throw new StoredFileNotFoundError(from);
        if (error.code !== 'EPERM' && error.code !== 'ENOTSUP' && error.code !== 'EXDEV')
          throw error;
        await copyFile(source, tempFile);
      });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
      await this.touch(target);
    } catch (error) {
      await rm(tempFile, { force: true });
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const [source, target] = [this.pathOf(from), this.pathOf(to)];
    if (!(await this.isFile(source))) throw new StoredFileNotFoundError(from);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if (isMissingFile(error)) throw new StoredFileNotFoundError(from); // moved or removed meanwhile
      throw error;
    }
    await this.touch(target);
    await this.removeEmptyFolders(path.dirname(source));
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await this.removeEmptyFolders(path.dirname(file));
  }

  async exists(key: string): Promise<boolean> {
    return this.isFile(this.pathOf(key));
  }

  async modifiedAt(key: string): Promise<Date | null> {
    try {
      return (await stat(this.pathOf(key))).mtime;
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const folder = this.pathOf(prefix);
    let entries;
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissingFile(error)) return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      );
  }

  async check(): Promise<void> {
    // Writable, not only present: a full or read-only disk fails here rather than on the next upload.
    await access(this.root, constants.W_OK | constants.R_OK);
  }

  // modifiedAt answers when a key was last written, and a copy or a move writes its target: the orphan sweep must not
  // take a verification's just-moved original for an old file.
  private async touch(file: string): Promise<void> {
    const now = new Date();
    await utimes(file, now, now);
  }

  private async isFile(file: string): Promise<boolean> {
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
  }

  // Keeps the tree from filling with empty per-verification folders; stops at the first folder still in use.
  private async removeEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty, already gone, or busy: leave it
      }
      current = path.dirname(current);
    }
  }
}

/** Removes every empty folder under root, deepest first, so a folder emptied of its last child goes too. */
async function removeEmptyFoldersBelow(root: string): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => b.split(path.sep).length - a.split(path.sep).length);
  for (const folder of folders) {
    await rmdir(folder).catch(() => undefined); // not empty: keep it
  }
}

/**
 * Fails early at start when the root cannot be created or written, rather than on the first upload. What a crash
 * can leave is cleared, as at start nothing is being written: half-written files in the temp folder, and empty
 * folders (a crash between creating a file's folder and moving the file in, or between deleting a folder's last
 * file and the folder).
 */
export async function openDiskStorage(root: string): Promise<DiskStorage> {
  const storage = new DiskStorage(root);
  await rm(path.join(storage.root, TEMP_FOLDER), { recursive: true, force: true });
  await mkdir(storage.root, { recursive: true });
  await access(storage.root, constants.W_OK);
  await removeEmptyFoldersBelow(storage.root);
  return storage;
}
