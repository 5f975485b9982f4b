// Without SEAL_MASTER_KEY the server makes its own key once, in a file only its user may read, and reuses it; the
// app says so at start.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  loadSealMasterKey,
  SEAL_MASTER_KEY_FILE,
} from '../../../src/services/seals/seal-master-key';
import { createTempDir, createTestApp } from '../../helpers/test-app';

test('a key generated into DATA_DIR with mode 0600 is reused; a set SEAL_MASTER_KEY wins', async () => {
  const dataDir = path.join(await createTempDir(), 'data');
  const first = await loadSealMasterKey({ DATA_DIR: dataDir });
  const file = path.join(dataDir, SEAL_MASTER_KEY_FILE);
  expect(first).toEqual({ key: expect.any(Buffer), file });
  expect(first.key.length).toBe(32);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(first.key);

  expect((await loadSealMasterKey({ DATA_DIR: dataDir })).key).toEqual(first.key);
  const set = Buffer.alloc(32, 7);
  expect(await loadSealMasterKey({ DATA_DIR: dataDir, SEAL_MASTER_KEY: set })).toEqual({
    key: set,
    file: null,
  });
});

test('two starts at once on one DATA_DIR agree on one key', async () => {
  const dataDir = await createTempDir();
  const keys = await Promise.all(
    Array.from({ length: 4 }, () => loadSealMasterKey({ DATA_DIR: dataDir })),
  );
  for (const { key } of keys) expect(key).toEqual(keys[0]!.key);
});

test('a file that does not hold a key stops the start rather than making seals no one can check', async () => {
  const dataDir = await createTempDir();
  await loadSealMasterKey({ DATA_DIR: dataDir });
  await writeFile(path.join(dataDir, SEAL_MASTER_KEY_FILE), 'not a key\n');
  await expect(loadSealMasterKey({ DATA_DIR: dataDir })).rejects.toThrow(
    /does not hold a 32-byte base64 key; restore it, or set SEAL_MASTER_KEY/,
  );
});

test('the app warns at start when SEAL_MASTER_KEY is not set, and not when it is', async () => {
  const lines: string[] = [];
  const logStream = { write: (line: string) => lines.push(line) };
  const unset = await createTestApp({ env: { LOG_LEVEL: 'warn' }, logStream });
  await unset.ready();
  await unset.close();
  expect(lines.join('')).toMatch(/SEAL_MASTER_KEY is not set/);

  lines.length = 0;
  const set = await createTestApp({
    env: { LOG_LEVEL: 'warn', SEAL_MASTER_KEY: '11'.repeat(32) },
    logStream,
  });
  await set.ready();
  await set.close();
  expect(lines.join('')).not.toMatch(/SEAL_MASTER_KEY/);
});
