// What every Storage implementation promises (storage.ts), as tests: disk-storage.cases.ts and s3-storage.cases.ts
// each run them on their own store, so the app behaves the same whichever one it is given.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';

import { sha256OfStream } from '../../src/lib/sha256';
import { InvalidStorageKeyError, StoredFileNotFoundError } from '../../src/storage/storage';

import type { Storage } from '../../src/storage/storage';

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Random bytes as a stream of 1 MiB chunks, and the SHA-256 of all of them once the stream has ended. */
function generatedStream(bytes: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  async function* generate() {
    for (let sent = 0; sent < bytes; sent += 1024 * 1024) {
      const chunk = randomBytes(Math.min(1024 * 1024, bytes - sent));
      hash.update(chunk);
      yield chunk;
    }
  }
  return { stream: Readable.from(generate()), sha256: () => hash.digest('hex') };
}

/** A stream that fails with 'connection lost' after its first bytes, as an upload cut off does. */
export function failingStream(): Readable {
  async function* failing() {
    yield Buffer.from('partial');
    throw new Error('connection lost');
  }
  return Readable.from(failing());
}

/** Registers the shared tests in the calling file; `openStore` gives each test a store of its own, empty. */
export function describeStorageContract(openStore: () => Promise<Storage>): void {
  let storage: Storage;

  beforeEach(async () => {
    storage = await openStore();
  });

  test('a file put under a key reads back, as bytes and as a stream, until it is deleted', async () => {
    await storage.put('verifications/abc/original', Buffer.from('hello'));

    expect(await storage.exists('verifications/abc/original')).toBe(true);
    expect((await storage.get('verifications/abc/original')).toString()).toBe('hello');
    const stream = await storage.getStream('verifications/abc/original');
    expect((await readStream(stream)).toString()).toBe('hello');

    await storage.delete('verifications/abc/original');
    expect(await storage.exists('verifications/abc/original')).toBe(false);
    await expect(storage.get('verifications/abc/original')).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
    await expect(storage.getStream('verifications/abc/original')).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
  });

  test('a stored file can be read from a local path, and a missing one is refused', async () => {
    await storage.put('bulk/op/documents.zip', Buffer.from('zip bytes'));

    const local = await storage.localFile('bulk/op/documents.zip');
    expect((await readFile(local.path)).toString()).toBe('zip bytes');
    await local.release();
    expect((await storage.get('bulk/op/documents.zip')).toString()).toBe('zip bytes');

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

  test('an empty file is a file', async () => {
    await storage.put('a/empty', Buffer.alloc(0));

    expect(await storage.exists('a/empty')).toBe(true);
    expect(await storage.get('a/empty')).toEqual(Buffer.alloc(0));
  });

  test('a 20 MiB stream, larger than one upload part, reads back with the same SHA-256', async () => {
    const source = generatedStream(20 * 1024 * 1024);

    await storage.put('bulk/op/large.zip', source.stream);

    const stored = await sha256OfStream(await storage.getStream('bulk/op/large.zip'));
    expect(stored).toEqual({ sha256: source.sha256(), size: 20 * 1024 * 1024 });
  });

  test('a stream that fails half way leaves no file', async () => {
    await expect(storage.put('a/broken', failingStream())).rejects.toThrow('connection lost');

    expect(await storage.exists('a/broken')).toBe(false);
  });

  test('deleting a missing file is not an error', async () => {
    await expect(storage.delete('never/was/here')).resolves.toBeUndefined();
  });

  test('a folder holding files is not itself a file', async () => {
    await storage.put('folder/inner', Buffer.from('1'));

    expect(await storage.exists('folder')).toBe(false);
    await expect(storage.get('folder')).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage.getStream('folder')).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  test('listing a folder gives every key below it, and nothing for a folder that is not there', async () => {
    await storage.put('uploads/u1/a/file', Buffer.from('1'));
    await storage.put('uploads/u1/a/meta.json', Buffer.from('{}'));
    await storage.put('uploads/u2/b/file', Buffer.from('2'));
    await storage.put('uploads-other/file', Buffer.from('3'));
    await storage.put('verifications/v1/original', Buffer.from('4'));

    expect((await storage.list('uploads')).sort()).toEqual([
      'uploads/u1/a/file',
      'uploads/u1/a/meta.json',
      'uploads/u2/b/file',
    ]);
    expect(await storage.list('uploads/u2')).toEqual(['uploads/u2/b/file']);
    expect(await storage.list('uploads/nobody')).toEqual([]);
    await expect(storage.list('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  test('a copy reads back beside its source, and outlives a new file put over the source', async () => {
    await storage.put('uploads/u1/a/file', Buffer.from('staged'));
    await storage.put('verifications/v1/original', Buffer.from('replaced by the copy'));
    const before = Date.now();

    await storage.copy('uploads/u1/a/file', 'verifications/v1/original');

    expect((await storage.get('verifications/v1/original')).toString()).toBe('staged');
    expect((await storage.get('uploads/u1/a/file')).toString()).toBe('staged');
    // Written now, as far as the orphan sweep can tell (remove-orphaned-verification-files.ts).
    expect((await storage.modifiedAt('verifications/v1/original'))!.getTime()).toBeGreaterThan(
      before - 2000,
    );
    await storage.put('uploads/u1/a/file', Buffer.from('new bytes'));
    expect((await storage.get('verifications/v1/original')).toString()).toBe('staged');
    await storage.delete('uploads/u1/a/file');
    expect((await storage.get('verifications/v1/original')).toString()).toBe('staged');
  });

  test('a moved file reads back under its new key only, replacing what was there', async () => {
    await storage.put('uploads/u1/a/file', Buffer.from('staged'));
    await storage.put('verifications/v1/original', Buffer.from('old'));

    await storage.move('uploads/u1/a/file', 'verifications/v1/original');

    expect((await storage.get('verifications/v1/original')).toString()).toBe('staged');
    expect(await storage.exists('uploads/u1/a/file')).toBe(false);
    expect(await storage.list('uploads')).toEqual([]);
    expect(await storage.list('verifications')).toEqual(['verifications/v1/original']);
  });

  test('copying or moving a file that is not there is refused, and writes nothing', async () => {
    await expect(storage.copy('uploads/none', 'verifications/v1/original')).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
    await expect(storage.move('uploads/none', 'verifications/v1/original')).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
    expect(await storage.exists('verifications/v1/original')).toBe(false);
  });

  test('a 20 MiB file copied and moved keeps its SHA-256', async () => {
    const source = generatedStream(20 * 1024 * 1024);
    await storage.put('bulk/op/large.zip', source.stream);
    const sha256 = source.sha256();

    await storage.copy('bulk/op/large.zip', 'bulk/op/copy.zip');
    await storage.move('bulk/op/copy.zip', 'bulk/other/moved.zip');

    for (const key of ['bulk/op/large.zip', 'bulk/other/moved.zip']) {
      expect((await sha256OfStream(await storage.getStream(key))).sha256).toBe(sha256);
    }
    expect(await storage.exists('bulk/op/copy.zip')).toBe(false);
  });

  test('a store that works passes its check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
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
    await expect(storage.localFile(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.copy(key, 'a/b')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.copy('a/b', key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.move(key, 'a/b')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.move('a/b', key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
}
