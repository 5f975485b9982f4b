// buildApp's passwordHasher is the one every password and one-time code goes through.
import { rm } from 'node:fs/promises';
import path from 'node:path';

import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import {
  argon2idPasswordHasher,
  type PasswordHasher,
} from '../../../src/services/auth/password-hasher';
import { GOOD_PASSWORD, passwordGrant, register } from '../../helpers/auth-requests';
import { createEmptyTestDatabase, createTempDir } from '../../helpers/test-app';

function recordingHasher(): PasswordHasher & { hashed: string[]; verified: string[] } {
  const hashed: string[] = [];
  const verified: string[] = [];
  return {
    hashed,
    verified,
    async hash(password) {
      hashed.push(password);
      return `plain$${password}`;
    },
    async verify(hash, password) {
      verified.push(password);
      return hash === `plain$${password}`;
    },
  };
}

test('an app built with its own hasher hashes and checks passwords and codes with it', async () => {
  const dataDir = await createTempDir();
  const database = await createEmptyTestDatabase();
  const hasher = recordingHasher();
  const app = buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'dist'),
      LOG_LEVEL: 'silent',
    }),
    database: database.target,
    passwordHasher: hasher,
  });
  try {
    expect((await register(app, { email: 'ada@example.com' })).statusCode).toBe(201);
    const user = await app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBe(`plain$${GOOD_PASSWORD}`);
    // The password, then the emailed code.
    expect(hasher.hashed).toEqual([GOOD_PASSWORD, expect.stringMatching(/^\d{6}$/)]);

    await passwordGrant(app, 'ada@example.com', 'Wrong-password-1');
    await passwordGrant(app, 'nobody@example.com', 'Wrong-password-2');
    expect(hasher.verified).toEqual(['Wrong-password-1', 'Wrong-password-2']);
  } finally {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('argon2id is the default: its hashes say so, and a malformed hash never matches', async () => {
  const hash = await argon2idPasswordHasher.hash(GOOD_PASSWORD);

  expect(hash).toMatch(/^\$argon2id\$/);
  expect(await argon2idPasswordHasher.verify(hash, GOOD_PASSWORD)).toBe(true);
  expect(await argon2idPasswordHasher.verify(hash, 'Other-password-1')).toBe(false);
  expect(await argon2idPasswordHasher.verify('not a hash', GOOD_PASSWORD)).toBe(false);
});
