// Storage in an S3-compatible bucket (AWS, MinIO, R2…), chosen by S3_BUCKET: every instance of the app sees the
// same files. Keys are the storage keys as they are, so a bucket and a disk store hold the same names.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import { storageKeySegments, StoredFileNotFoundError, type Storage } from './storage';

import type { Config } from '../config';

export type S3Settings = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
> & { S3_BUCKET: string };

/** An object's size and the metadata it was stored with (lower-case names, as S3 answers them). */
export interface StoredObject {
  size: number;
  metadata: Record<string, string>;
  modifiedAt: Date;
}

// Streams and large files go up in parts: at most QUEUE_SIZE parts of PART_SIZE are held at once per upload, so
// memory stays bounded whatever the file's size (8 MiB parts allow files up to 80 GB within S3's 10,000 parts).
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

// S3 answers NoSuchKey to a GET of a missing object and NotFound to a HEAD (which has no body to name it).
function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

// The store's answer (NotFound, Forbidden: a HEAD carries no message) or else what stopped the request.
function describeS3Error(error: unknown): string {
  const { name, message, code, $metadata } = error as Error & {
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if ($metadata?.httpStatusCode) return `${name} (HTTP ${$metadata.httpStatusCode})`;
  return message || code || name;
}

export class S3Storage implements Storage {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    /** Keys per ListObjectsV2 answer; S3 gives at most 1,000. */
    private readonly listPageSize = 1000,
  ) {}

  private objectKey(key: string): string {
    return storageKeySegments(key).join('/');
  }

  /** S3 writes an object whole or not at all, so a reader never sees a half-uploaded file. */
  async put(
    key: string,
    body: Buffer | Readable,
    metadata?: Record<string, string>,
  ): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: body, Metadata: metadata },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    try {
      await upload.done(); // a failed multipart upload is aborted, its parts removed
    } catch (error) {
      if (body instanceof Readable) body.destroy(); // as pipeline would: the source is not read any further
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.getObjectBody(key);
    return Buffer.from(await body.transformToByteArray());
  }

  // S3 answers a missing key before any byte of the body, so the caller hears of it before sending headers.
  async getStream(key: string): Promise<Readable> {
    return (await this.getObjectBody(key)) as Readable;
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    const body = await this.getStream(key);
    const folder = await mkdtemp(path.join(tmpdir(), 'qrv-s3-'));
    const release = () => rm(folder, { recursive: true, force: true });
    const file = path.join(folder, storageKeySegments(key).at(-1)!);
    try {
      await pipeline(body, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  // A server-side copy (one request up to S3's 5 GB limit for CopyObject, far above any file the app stores): the
  // bytes never come down to the app. The metadata is copied with them.
  async copy(from: string, to: string): Promise<void> {
    const source = this.objectKey(from).split('/').map(encodeURIComponent).join('/');
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(to),
          CopySource: `${encodeURIComponent(this.bucket)}/${source}`,
        }),
      );
    } catch (error) {
      if (isMissingObject(error)) throw new StoredFileNotFoundError(from);
      throw error;
    }
  }

  // S3 has no rename: the copy is made first, so a crash between the two leaves both keys, never neither.
  async move(from: string, to: string): Promise<void> {
    if (this.objectKey(from) === this.objectKey(to)) {
      if (!(await this.exists(from))) throw new StoredFileNotFoundError(from);
      return;
    }
    await this.copy(from, to);
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** The object's size and metadata, or null when there is none. */
  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        size: head.ContentLength ?? 0,
        metadata: head.Metadata ?? {},
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async modifiedAt(key: string): Promise<Date | null> {
    return (await this.stat(key))?.modifiedAt ?? null;
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.listPageSize },
      { Bucket: this.bucket, Prefix: `${this.objectKey(prefix)}/` },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    }
    return keys;
  }

  // HEAD on the bucket: proves the address, the credentials and the bucket without writing anything, which a
  // readiness probe every few seconds should not do.
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }

  private async getObjectBody(key: string) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!object.Body) throw new StoredFileNotFoundError(key);
      return object.Body;
    } catch (error) {
      if (isMissingObject(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }
}

/** Where the bucket is, for the start-up log line and messages: no credentials, even in the endpoint's URL. */
export function describeS3Bucket(settings: S3Settings): string {
  if (!settings.S3_ENDPOINT) return `s3://${settings.S3_BUCKET} at AWS ${settings.S3_REGION}`;
  const endpoint = new URL(settings.S3_ENDPOINT);
  endpoint.username = '';
  endpoint.password = '';
  return `s3://${settings.S3_BUCKET} at ${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}`;
}

/** A client for the store the settings name (S3_BUCKET aside). */
export function createS3Client(settings: Omit<S3Settings, 'S3_BUCKET'>): S3Client {
  const hasKeys = settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY;
  return new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials: hasKeys
      ? { accessKeyId: settings.S3_ACCESS_KEY_ID!, secretAccessKey: settings.S3_SECRET_ACCESS_KEY! }
      : undefined, // the SDK's own chain: environment, profile, instance or task role
    // An unreachable store fails a request in seconds instead of hanging it; no limit on the transfer itself,
    // which a large download to a slow phone needs.
    requestHandler: { connectionTimeout: 5_000 },
    // The SDK's default CRC32 checksum headers (since 3.729) are refused by several S3-compatible stores (older
    // MinIO, OVH, Huawei OBS…): elsewhere than AWS, send them only where an operation requires one.
    ...(settings.S3_ENDPOINT && {
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  });
}

/**
 * The bucket the settings name, checked reachable so that a wrong name, address or key fails at start rather
 * than on the first upload.
 */
export async function openS3Storage(settings: S3Settings): Promise<S3Storage> {
  const client = createS3Client(settings);
  const storage = new S3Storage(client, settings.S3_BUCKET);
  try {
    await storage.check();
  } catch (error) {
    client.destroy();
    throw new Error(
      `Cannot reach the bucket ${describeS3Bucket(settings)}: ${describeS3Error(error)}`,
      { cause: error },
    );
  }
  return storage;
}
