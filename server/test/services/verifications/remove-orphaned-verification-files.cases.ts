import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { removeOrphanedVerificationFiles } from '../../../src/services/verifications/remove-orphaned-verification-files';
import { verificationFileKeys } from '../../../src/services/verifications/verification-files';
import { createTempDir, createTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser } from '../../helpers/verifications';

import type { DiskStorage } from '../../../src/storage/disk-storage';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

test('files no row names are removed, files of existing verifications are kept', async () => {
  app = await createTestApp();
  const kept = await createVerification(app, await signedInUser(app));
  const orphanId = randomUUID();
  await app.storage.put(verificationFileKeys(orphanId).original, Buffer.from('left by a crash'));
  await app.storage.put(verificationFileKeys(orphanId).secured, Buffer.from('%PDF-1.7'));
  await app.storage.put('verifications/not-a-uuid/original', Buffer.from('junk'));

  const removed = await removeOrphanedVerificationFiles({ db: app.db, storage: app.storage }, 0);

  expect(removed.sort()).toEqual([orphanId, 'not-a-uuid'].sort());
  expect(await app.storage.list('verifications')).toEqual(
    expect.arrayContaining(Object.values(verificationFileKeys(kept.id))),
  );
  expect(await app.storage.list('verifications')).toHaveLength(2);
});

test('with a minimum age, a file another instance may be about to name is kept; an old one goes', async () => {
  app = await createTestApp();
  const [fresh, old] = [randomUUID(), randomUUID()];
  await app.storage.put(
    verificationFileKeys(fresh).original,
    Buffer.from('being secured elsewhere'),
  );
  await app.storage.put(verificationFileKeys(old).original, Buffer.from('left by a crash'));
  const anHourAgo = new Date(Date.now() - 3_600_000);
  const root = (app.storage as DiskStorage).root;
  await utimes(path.join(root, verificationFileKeys(old).original), anHourAgo, anHourAgo);

  const removed = await removeOrphanedVerificationFiles(
    { db: app.db, storage: app.storage },
    600_000,
  );

  expect(removed).toEqual([old]);
  expect(await app.storage.list('verifications')).toEqual([verificationFileKeys(fresh).original]);
});

test('at start-up, a crash’s leftovers are gone before the app serves: orphaned files and half-written temp files', async () => {
  dataDir = await createTempDir();
  const orphan = path.join(dataDir, 'files', 'verifications', randomUUID());
  await mkdir(orphan, { recursive: true });
  await writeFile(path.join(orphan, 'original'), 'left by a crash');
  await mkdir(path.join(dataDir, 'files', '.tmp'), { recursive: true });
  await writeFile(path.join(dataDir, 'files', '.tmp', 'abc.part'), 'half a file');

  // One instance (on Postgres it must be told so: PGlite always is).
  app = await createTestApp({ env: { DATA_DIR: dataDir, ORPHANED_FILES_MIN_AGE_SECONDS: '0' } });
  await app.ready();

  expect(await app.storage.list('verifications')).toEqual([]);
  expect(await readdir(path.join(dataDir, 'files', '.tmp')).catch(() => [])).toEqual([]);
});
