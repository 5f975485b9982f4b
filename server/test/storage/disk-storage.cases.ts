import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { DiskStorage, openDiskStorage } from '../../src/storage/disk-storage';
import { InvalidStorageKeyError } from '../../src/storage/storage';
import { createTempDir } from '../helpers/test-app';

import { describeStorageContract, failingStream } from './storage-contract';

let folder: string;
let storage: DiskStorage;

beforeEach(async () => {
  folder = await createTempDir('qrv-storage-');
  storage = await openDiskStorage(path.join(folder, 'files'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the storage contract, on disk', () => {
  describeStorageContract(async () => storage);
});

test('a stream that fails half way leaves no temporary file behind', async () => {
  await expect(storage.put('a/broken', failingStream())).rejects.toThrow('connection lost');

  expect(await readdir(path.join(storage.root, '.tmp'))).toEqual([]);
});

test('emptied folders are removed up to the root', async () => {
  await storage.put('verifications/x/original', Buffer.from('1'));
  await storage.put('verifications/x/secured.pdf', Buffer.from('2'));
  await storage.put('verifications/y/original', Buffer.from('3'));

  await storage.delete('verifications/x/original');
  expect(await readdir(path.join(storage.root, 'verifications'))).toEqual(['x', 'y']);

  await storage.delete('verifications/x/secured.pdf');
  expect(await readdir(path.join(storage.root, 'verifications'))).toEqual(['y']);

  await storage.delete('verifications/y/original');
  expect((await readdir(storage.root)).filter((name) => name !== '.tmp')).toEqual([]);
});

test('opening the storage removes the empty folders a crash left, and keeps every file', async () => {
  await storage.put('verifications/kept/original', Buffer.from('1'));
  await mkdir(path.join(storage.root, 'verifications', 'crashed-before-rename'));
  await mkdir(path.join(storage.root, 'uploads', 'u1', 'emptied'), { recursive: true });

  const reopened = await openDiskStorage(storage.root);

  expect(await readdir(path.join(reopened.root, 'verifications'))).toEqual(['kept']);
  expect(await reopened.list('verifications')).toEqual(['verifications/kept/original']);
  expect((await readdir(reopened.root)).filter((name) => name !== '.tmp')).toEqual([
    'verifications',
  ]);
});

test('a file outside the root stays untouched even next to it', async () => {
  await writeFile(path.join(folder, 'secret'), 'keep');
  await expect(storage.get('../secret')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.delete('../secret')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  expect(await readdir(folder)).toContain('secret');
});

test('a copy is a second name for the same bytes, and a move a rename that leaves no empty folder', async () => {
  await storage.put('uploads/u1/a/file', Buffer.from('staged'));

  await storage.copy('uploads/u1/a/file', 'verifications/v1/original');
  const [source, copy] = await Promise.all(
    ['uploads/u1/a/file', 'verifications/v1/original'].map((key) =>
      stat(path.join(storage.root, key)),
    ),
  );
  expect(copy.ino).toBe(source.ino);
  expect(copy.nlink).toBe(2);

  await storage.move('verifications/v1/original', 'verifications/v2/original');
  expect((await stat(path.join(storage.root, 'verifications/v2/original'))).ino).toBe(source.ino);
  expect(await readdir(path.join(storage.root, 'verifications'))).toEqual(['v2']);
  expect(await readdir(path.join(storage.root, '.tmp'))).toEqual([]);
});
