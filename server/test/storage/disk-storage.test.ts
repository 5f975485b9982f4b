import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import { DiskStorage, openDiskStorage } from '../../src/storage/disk-storage';
import { InvalidStorageKeyError, StoredFileNotFoundError } from '../../src/storage/storage';
import { createTempDir } from '../helpers/test-app';

let folder: string;
let storage: DiskStorage;

beforeEach(async () => {
  folder = await createTempDir('qrv-storage-');
  storage = await openDiskStorage(path.join(folder, 'files'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('a file put under a key reads back, as bytes and as a stream, until it is deleted', async () => {
  await storage.put('verifications/abc/original', Buffer.from('hello'));

  expect(await storage.exists('verifications/abc/original')).toBe(true);
  expect((await storage.get('verifications/abc/original')).toString()).toBe('hello');
  expect((await readStream(await storage.getStream('verifications/abc/original'))).toString()).toBe(
    'hello',
  );

  await storage.delete('verifications/abc/original');
  expect(await storage.exists('verifications/abc/original')).toBe(false);
  await expect(storage.get('verifications/abc/original')).rejects.toBeInstanceOf(
    StoredFileNotFoundError,
  );
  await expect(storage.getStream('verifications/abc/original')).rejects.toBeInstanceOf(
    StoredFileNotFoundError,
  );
});

test('a stored file can be read from its local path, and a missing one is refused', async () => {
  await storage.put('bulk/op/documents.zip', Buffer.from('zip bytes'));

  const local = await storage.localFile('bulk/op/documents.zip');
  expect((await readFile(local.path)).toString()).toBe('zip bytes');
  await local.release();

  await expect(storage.localFile('bulk/op/missing.zip')).rejects.toBeInstanceOf(
    StoredFileNotFoundError,
  );
  await expect(storage.localFile('../outside')).rejects.toBeInstanceOf(InvalidStorageKeyError);
});

test('a stream is stored whole, and putting again replaces the file', async () => {
  await storage.put('a/b.pdf', Readable.from([Buffer.from('one '), Buffer.from('two')]));
  expect((await storage.get('a/b.pdf')).toString()).toBe('one two');

  await storage.put('a/b.pdf', Buffer.from('three'));
  expect((await storage.get('a/b.pdf')).toString()).toBe('three');
});

test('a stream that fails half way leaves no file and no temporary file behind', async () => {
  async function* failing() {
    yield Buffer.from('partial');
    throw new Error('connection lost');
  }

  await expect(storage.put('a/broken', Readable.from(failing()))).rejects.toThrow(
    'connection lost',
  );

  expect(await storage.exists('a/broken')).toBe(false);
  expect(await readdir(path.join(storage.root, '.tmp'))).toEqual([]);
});

test('deleting a missing file is not an error, and emptied folders are removed up to the root', async () => {
  await storage.delete('never/was/here');
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

test.each([
  ['a parent reference', '../outside'],
  ['a parent reference in the middle', 'a/../../outside'],
  ['an absolute path', '/etc/passwd'],
  ['a backslash', 'a\\..\\b'],
  ['an empty key', ''],
  ['an empty segment', 'a//b'],
  ['a trailing slash', 'a/'],
  ['a current-folder segment', 'a/./b'],
  ['a dot-name', '.tmp/file'],
  ['a NUL byte', 'a\0b'],
  ['a space', 'a b'],
])('a key with %s is refused by every operation', async (_case, key) => {
  await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.getStream(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
});

test('a file outside the root stays untouched even next to it', async () => {
  await writeFile(path.join(folder, 'secret'), 'keep');
  await expect(storage.get('../secret')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  await expect(storage.delete('../secret')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  expect(await readdir(folder)).toContain('secret');
});

test('a folder under a key is not a file', async () => {
  await mkdir(path.join(storage.root, 'folder'), { recursive: true });

  expect(await storage.exists('folder')).toBe(false);
  await expect(storage.get('folder')).rejects.toBeInstanceOf(StoredFileNotFoundError);
});

test('listing a folder gives every key below it, and nothing for a folder that is not there', async () => {
  await storage.put('uploads/u1/a/file', Buffer.from('1'));
  await storage.put('uploads/u1/a/meta.json', Buffer.from('{}'));
  await storage.put('uploads/u2/b/file', Buffer.from('2'));
  await storage.put('verifications/v1/original', Buffer.from('3'));

  expect((await storage.list('uploads')).sort()).toEqual([
    'uploads/u1/a/file',
    'uploads/u1/a/meta.json',
    'uploads/u2/b/file',
  ]);
  expect(await storage.list('uploads/u2')).toEqual(['uploads/u2/b/file']);
  expect(await storage.list('uploads/nobody')).toEqual([]);
  await expect(storage.list('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
});
