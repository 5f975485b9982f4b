// `npm run issuers`, run in this process against the test's database: the operator verifies who an account is,
// the trust list and the public page then state it, and the account's log records it.
import { rm } from 'node:fs/promises';

import { runIssuersCli, runIssuersCommand } from '../../src/cli/issuers-command';
import { lockDataDir } from '../../src/lib/data-dir-lock';
import { buildTrustList } from '../../src/services/seals/build-trust-list';
import { captureCommand } from '../helpers/command-output';
import { sharedUser } from '../helpers/team';
import { createTempDir, createTestApp } from '../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../helpers/verifications';

import type { PublicPageChange } from '../../src/services/public-pages/public-page-cache';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({
    env: { PUBLIC_URL: 'https://app.qrverify.test', SEAL_MASTER_KEY: '6a'.repeat(32) },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function run(...argv: string[]) {
  const told: PublicPageChange[] = [];
  const ran = await captureCommand((output) =>
    runIssuersCommand(app.db, argv, output, async (_db, change) => {
      told.push(change);
    }),
  );
  return { ...ran, told };
}

async function keyOf(user: TestUser) {
  const { kid } = await app.db
    .selectFrom('seal_keys')
    .select('kid')
    .where('account_id', '=', user.id)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  const { trustList } = await buildTrustList(app.db, app.config);
  return trustList.keys.find((key) => key.kid === kid);
}

async function auditOf(user: TestUser) {
  return app.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'object_type', 'object_name'])
    .where('account_id', '=', user.id)
    .orderBy('occurred_at')
    .execute();
}

test('verify names the account by the checked name everywhere, tells the pages, and logs it; unverify takes it back', async () => {
  const owner = await signedInUser(app, { email: 'registrar@alpha.example', firstName: 'Ada' });
  const verification = await createVerification(app, owner);
  expect(await keyOf(owner)).toMatchObject({ issuer: null, declared_name: 'Ada Hopper' });

  const verified = await run(
    'verify',
    'Registrar@Alpha.example',
    '--name',
    '  Alpha   University ',
  );
  expect(verified).toMatchObject({
    code: 0,
    out: 'registrar@alpha.example is verified as "Alpha University"; its pages and seals say so now.',
  });
  // The running servers hear that the account's pages name it differently now.
  expect(verified.told).toEqual([{ type: 'issuer-renamed', codes: [verification.code] }]);
  expect(await keyOf(owner)).toMatchObject({
    issuer: 'Alpha University',
    issuer_proof: 'operator',
    declared_name: 'Ada Hopper',
  });

  const listed = await run('list');
  expect(listed.code).toBe(0);
  expect(listed.out).toMatch(
    /^EMAIL\s+VERIFIED NAME\s+SINCE \(UTC\)\n.*registrar@alpha\.example\s+Alpha University\s+\d{4}-\d\d-\d\d \d\d:\d\d/s,
  );

  const unverified = await run('unverify', 'registrar@alpha.example');
  expect(unverified).toMatchObject({
    code: 0,
    out: 'registrar@alpha.example is no longer verified as "Alpha University".',
  });
  expect(await keyOf(owner)).toMatchObject({ issuer: null, issuer_proof: null });

  // The operator has no user: the entries have no actor.
  expect(await auditOf(owner)).toEqual([
    expect.objectContaining({ action: 'verification.created' }),
    {
      actor_id: null,
      action: 'issuer.verified',
      object_type: 'issuer',
      object_name: 'Alpha University',
    },
    {
      actor_id: null,
      action: 'issuer.unverified',
      object_type: 'issuer',
      object_name: 'Alpha University',
    },
  ]);
});

test.each([
  [
    ['verify', 'nobody@example.com', '--name', 'Beta'],
    'No account has the email nobody@example.com.',
  ],
  [['verify', 'someone@example.com'], 'Say the name you checked: --name "<name>".'],
  [['verify', '--name', 'Beta'], 'Say whose name to verify'],
  [['verify', 'a@example.com', 'b@example.com', '--name', 'Beta'], 'Say whose name to verify'],
  [['verify', 'a@example.com', '--name', 'x'.repeat(151)], '--name takes at most 150 characters.'],
  [['verify', 'a@example.com', '--nmae', 'Beta'], "Unknown option '--nmae'"],
  [['unverify'], 'Say whose name to unverify: unverify <account email>.'],
  [['promote', 'a@example.com'], 'Unknown command "promote".'],
])('%j is refused with why, changing nothing', async (argv, message) => {
  const result = await run(...argv);
  expect(result.code).toBe(1);
  expect(result.err).toContain(message);
  expect(result.told).toEqual([]);
});

test('refuses a shared user, a name mixing alphabets and a name another account has verified', async () => {
  const owner = await signedInUser(app, { email: 'owner@gamma.example' });
  const member = await sharedUser(app, owner, {}, { email: 'member@gamma.example' });
  expect(await run('verify', member.email, '--name', 'Gamma')).toMatchObject({
    code: 1,
    err: "member@gamma.example is a shared user of owner@gamma.example's account: verify owner@gamma.example.",
  });

  expect(await run('verify', owner.email, '--name', 'Gаmma Institute')).toMatchObject({
    code: 1,
    err: expect.stringContaining('mixes letters of different alphabets (Cyrillic, Latin)'),
  });

  const other = await signedInUser(app, { email: 'other@gamma.example' });
  expect((await run('verify', other.email, '--name', 'Gamma Institute')).code).toBe(0);
  expect(await run('verify', owner.email, '--name', 'GAMMA  INSTITUTE')).toMatchObject({
    code: 1,
    err: 'other@gamma.example already has "GAMMA INSTITUTE" (or a name that reads the same) verified: unverify it first if it is not theirs.',
  });
  expect(await auditOf(owner)).toEqual([]);
});

test('help prints the usage', async () => {
  expect(await run('help')).toMatchObject({
    code: 0,
    out: expect.stringContaining('npm run issuers -- verify'),
  });
  expect((await run()).code).toBe(1);
});

test('the whole command holds the data folder: refused beside a running server, naming it', async () => {
  const dataDir = await createTempDir();
  const server = lockDataDir(dataDir, 'npm start');
  const output = { out: jest.fn(), err: jest.fn() };
  try {
    expect(await runIssuersCli(['list'], { DATA_DIR: dataDir }, output)).toBe(1);
  } finally {
    server.release();
    await rm(dataDir, { recursive: true, force: true });
  }
  expect(output.err).toHaveBeenCalledWith(
    expect.stringContaining(`is in use by process ${process.pid} (npm start`),
  );
});

test('the whole command runs on the embedded database of a data folder', async () => {
  const dataDir = await createTempDir();
  const output = { out: jest.fn(), err: jest.fn() };
  try {
    expect(await runIssuersCli(['list'], { DATA_DIR: dataDir }, output)).toBe(0);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  expect(output.out).toHaveBeenCalledWith('No account has a name verified by the operator.');
});
