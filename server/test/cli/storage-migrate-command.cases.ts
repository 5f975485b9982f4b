// `npm run storage:migrate`, run in this process: a disk store copied into a bucket on s3rver, and every object
// checked against its file.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PutObjectCommand } from '@aws-sdk/client-s3';

import { runStorageMigrateCli } from '../../src/cli/storage-migrate-command';
import { sha256 } from '../../src/lib/sha256';
import { openDiskStorage, type DiskStorage } from '../../src/storage/disk-storage';
import { openS3Storage, type S3Storage } from '../../src/storage/s3-storage';
import { captureCommand } from '../helpers/command-output';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { createTempDir } from '../helpers/test-app';

import type { Environment } from '../../src/config';

let s3: TestS3Server;
let dataDir: string;
let disk: DiskStorage;
let bucket: S3Storage;
let env: Environment;

const FILES: Record<string, string> = {
  'verifications/v1/original': 'the original',
  'verifications/v1/secured.pdf': 'the secured PDF',
  'templates/t1/logo': 'a logo',
};

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.stop();
});

beforeEach(async () => {
  dataDir = await createTempDir('qrv-migrate-');
  disk = await openDiskStorage(path.join(dataDir, 'files'));
  for (const [key, text] of Object.entries(FILES)) await disk.put(key, Buffer.from(text));
  const name = await s3.createBucket();
  bucket = await openS3Storage(s3.settings(name));
  env = { ...s3.env(name), DATA_DIR: dataDir };
});

afterEach(async () => {
  bucket.close();
  await rm(dataDir, { recursive: true, force: true });
});

function migrate(argv: string[] = [], environment: Environment = env) {
  return captureCommand((output) => runStorageMigrateCli(argv, environment, output));
}

test('copies every file of DATA_DIR/files into the bucket, and a second run skips them all', async () => {
  const first = await migrate();

  expect(first.code).toBe(0);
  expect(first.out).toContain('Copied 3, skipped 0 (already copied), verified 3, mismatches 0');
  for (const [key, text] of Object.entries(FILES)) {
    expect((await bucket.get(key)).toString()).toBe(text);
  }

  const second = await migrate();
  expect(second.code).toBe(0);
  expect(second.out).toContain('Copied 0, skipped 3 (already copied), verified 3, mismatches 0');
});

test('an object that changed in the bucket is reported as a mismatch, and the command fails', async () => {
  await migrate();
  // Same size and the same recorded hash, other bytes: what the skip cannot see and the check must.
  const key = 'verifications/v1/original';
  await bucket.client.send(
    new PutObjectCommand({
      Bucket: bucket.bucket,
      Key: key,
      Body: 'THE ORIGINAL',
      Metadata: { sha256: sha256(FILES[key]) },
    }),
  );

  const run = await migrate();

  expect(run.code).toBe(1);
  expect(run.err).toContain(`MISMATCH ${key}`);
  expect(run.out).toContain('verified 2, mismatches 1');
});

test('an object of another size in the bucket is copied again', async () => {
  await migrate();
  await bucket.put('templates/t1/logo', Buffer.from('an older, longer logo'));

  const run = await migrate();

  expect(run.code).toBe(0);
  expect(run.out).toContain('Copied 1, skipped 2 (already copied), verified 3');
  expect((await bucket.get('templates/t1/logo')).toString()).toBe('a logo');
});

test('--from copies another folder; a file that is no storage key is named and left out', async () => {
  const other = path.join(dataDir, 'old-files');
  await mkdir(path.join(other, 'uploads', 'u1'), { recursive: true });
  await writeFile(path.join(other, 'uploads', 'u1', 'file'), 'uploaded');
  await writeFile(path.join(other, 'uploads', 'u1', 'has space'), 'stray');

  const run = await migrate(['--from', other]);

  expect(run.code).toBe(0);
  expect(run.out).toContain('Ignored uploads/u1/has space: not a storage key.');
  expect(run.out).toContain('Copied 1, skipped 0 (already copied), verified 1');
  expect(await bucket.list('uploads')).toEqual(['uploads/u1/file']);
  expect(await bucket.exists('verifications/v1/original')).toBe(false);
});

test('without S3_BUCKET, or with a folder that is not there, it says what to fix and copies nothing', async () => {
  const noBucket = await migrate([], { DATA_DIR: dataDir });
  expect(noBucket.code).toBe(1);
  expect(noBucket.err).toContain('S3_BUCKET is not set');

  const noFolder = await migrate(['--from', path.join(dataDir, 'nowhere')]);
  expect(noFolder.code).toBe(1);
  expect(noFolder.err).toBe(`No disk store at ${path.join(dataDir, 'nowhere')}.`);
  expect(await bucket.list('verifications')).toEqual([]);
});
