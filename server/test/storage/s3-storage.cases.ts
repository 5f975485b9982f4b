import { access } from 'node:fs/promises';

import { openS3Storage, S3Storage } from '../../src/storage/s3-storage';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

import { describeStorageContract } from './storage-contract';

let s3: TestS3Server;
const opened: S3Storage[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  for (const storage of opened) storage.close();
  await s3?.stop();
});

async function openStore(): Promise<S3Storage> {
  const storage = await openS3Storage(s3.settings(await s3.createBucket()));
  opened.push(storage);
  return storage;
}

describe('the storage contract, on S3 (s3rver)', () => {
  describeStorageContract(openStore);
});

test('a local copy of an object is a temporary file that release() removes', async () => {
  const storage = await openStore();
  await storage.put('bulk/op/sheet.csv', Buffer.from('a,b'));

  const local = await storage.localFile('bulk/op/sheet.csv');
  await local.release();

  await expect(access(local.path)).rejects.toMatchObject({ code: 'ENOENT' });
});

test('a bucket that does not exist stops the storage from opening, naming the bucket', async () => {
  await expect(openS3Storage(s3.settings('no-such-bucket'))).rejects.toThrow(
    /s3:\/\/no-such-bucket at http/,
  );
});

test('listing pages through more keys than one answer holds', async () => {
  const { client, bucket } = await openStore();
  const storage = new S3Storage(client, bucket, 2);
  const keys = ['uploads/a/1', 'uploads/a/2', 'uploads/b/1', 'uploads/c/1', 'uploads/c/2'];
  for (const key of keys) await storage.put(key, Buffer.from('x'));

  expect((await storage.list('uploads')).sort()).toEqual(keys);
});

test('a copy keeps the metadata the object was stored with', async () => {
  const storage = await openStore();
  await storage.put('exports/a/file', Buffer.from('x'), { purpose: 'export' });

  await storage.copy('exports/a/file', 'exports/b/file');
  await storage.move('exports/b/file', 'exports/c/file');

  expect(await storage.stat('exports/c/file')).toMatchObject({
    size: 1,
    metadata: { purpose: 'export' },
  });
});
