// buildApp's passwordHasher is the one every password and one-time code goes through.
import { argon2idPasswordHasher } from '../../../src/services/auth/password-hasher';
import { GOOD_PASSWORD, passwordGrant, register } from '../../helpers/auth-requests';
import { fastPasswordHasher } from '../../helpers/fast-password-hasher';
import { createTestApp } from '../../helpers/test-app';

afterEach(() => {
  jest.restoreAllMocks();
});

// createTestApp builds the app with the tests' fast hasher rather than the argon2id default: watching that one
// shows what the app hands its hasher, on the file's migrated database (an empty one would cost initdb and every
// migration).
test('an app built with its own hasher hashes and checks passwords and codes with it', async () => {
  const hash = jest.spyOn(fastPasswordHasher, 'hash');
  const verify = jest.spyOn(fastPasswordHasher, 'verify');
  const app = await createTestApp();
  try {
    expect((await register(app, { email: 'ada@example.com' })).statusCode).toBe(201);
    const user = await app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBe(await hash.mock.results[0].value);
    expect(user.password_hash).toMatch(/^test-sha256\$/);
    // The password, then the emailed code.
    expect(hash.mock.calls.map(([password]) => password)).toEqual([
      GOOD_PASSWORD,
      expect.stringMatching(/^\d{6}$/),
    ]);

    await passwordGrant(app, 'ada@example.com', 'Wrong-password-1');
    await passwordGrant(app, 'nobody@example.com', 'Wrong-password-2');
    expect(verify.mock.calls.map(([, password]) => password)).toEqual([
      'Wrong-password-1',
      'Wrong-password-2',
    ]);
  } finally {
    await app.close();
  }
});

test('argon2id is the default: its hashes say so, and a malformed hash never matches', async () => {
  const hash = await argon2idPasswordHasher.hash(GOOD_PASSWORD);

  expect(hash).toMatch(/^\$argon2id\$/);
  expect(await argon2idPasswordHasher.verify(hash, GOOD_PASSWORD)).toBe(true);
  expect(await argon2idPasswordHasher.verify(hash, 'Other-password-1')).toBe(false);
  expect(await argon2idPasswordHasher.verify('not a hash', GOOD_PASSWORD)).toBe(false);
});
