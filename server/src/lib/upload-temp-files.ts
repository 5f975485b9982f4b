// Where a multipart form's file parts wait while their request runs: one folder under DATA_DIR, emptied when the
// app starts (nothing is in flight then, so whatever is there was left by a crash), each file removed when its
// request is over.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A file part written to the upload folder. A class, so that a route can tell a real file part from a JSON
 * body shaped like one: a JSON `path` must never name a file on the server.
 */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    /** Absolute; the file is removed when the request is over. */
    readonly path: string,
    readonly size: number,
  ) {}
}

export function uploadTempFolder(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/** Removes whatever the folder holds and makes sure it exists. */
export async function emptyUploadTempFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
}

/**
 * One request's temporary files. They are removed once the answer is sent; when the client leaves first, once the
 * handler has answered as well, since it may still be reading them.
 */
export class RequestTempFiles {
  private readonly paths: string[] = [];
  private isAnswered = false;
  private isClosed = false;

  constructor(private readonly folder: string) {}

  /** A new, unused path in the folder (named at random: the client's file name never reaches the disk). */
  newPath(): string {
    const file = path.join(this.folder, randomUUID());
    this.paths.push(file);
    return file;
  }

  /** The handler (or the error handler) has answered. */
  answered(): Promise<void> {
    this.isAnswered = true;
    return this.isClosed ? this.removeAll() : Promise.resolve();
  }

  /** The response is over: sent, or cut off by the client. */
  closed(): Promise<void> {
    this.isClosed = true;
    return this.isAnswered ? this.removeAll() : Promise.resolve();
  }

  async removeAll(): Promise<void> {
    const paths = this.paths.splice(0);
    await Promise.all(paths.map((file) => rm(file, { force: true })));
  }
}
