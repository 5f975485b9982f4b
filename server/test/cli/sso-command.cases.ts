import { rm } from 'node:fs/promises';
import path from 'node:path';

import { runSsoCli, runSsoCommand } from '../../src/cli/sso-command';
import { captureCommand } from '../helpers/command-output';
import { createPgliteFolder } from '../helpers/database-templates';
import {
  createEmptyTestDatabase,
  createTempDir,
  createTestApp,
  postgresServerUrl,
  type TestDatabase,
} from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

const ADD_ACME = [
  'add',
  '--name',
  'Acme',
  '--issuer',
  'https://idp.acme.test',
  '--client-id',
  'acme-client',
  '--client-secret',
  'acme-secret',
  '--domains',
  'acme.com, ACME.org',
];

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

function run(...argv: string[]) {
  return captureCommand((output) => runSsoCommand(app.db, argv, output));
}

test('add stores the connection with normalised domains', async () => {
  const result = await run(...ADD_ACME);

  expect(result).toEqual({
    code: 0,
    out: 'Added SSO connection 1 (Acme) for acme.com, acme.org.',
    err: '',
  });
  const row = await app.db.selectFrom('sso_connections').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    name: 'Acme',
    issuer_url: 'https://idp.acme.test',
    client_id: 'acme-client',
    client_secret: 'acme-secret',
    email_domains: ['acme.com', 'acme.org'],
  });
});

test('list shows every connection without its secret', async () => {
  await run(...ADD_ACME);
  await run(
    'add',
    '--name',
    'Globex',
    '--issuer',
    'https://login.globex.test/realms/main',
    '--client-id',
    'globex',
    '--client-secret',
    'globex-secret',
    '--domains',
    'globex.test',
  );

  const result = await run('list');

  expect(result.code).toBe(0);
  expect(result.out.split('\n')).toEqual([
    'ID  NAME    ISSUER                                 CLIENT ID    DOMAINS',
    '1   Acme    https://idp.acme.test                  acme-client  acme.com,acme.org',
    '2   Globex  https://login.globex.test/realms/main  globex       globex.test',
  ]);
  expect(result.out).not.toContain('secret');
});

test('list says when there are none', async () => {
  expect((await run('list')).out).toContain('No SSO connections yet');
});

test('remove takes an id or a name', async () => {
  await run(...ADD_ACME);
  await run(
    ...ADD_ACME.map((arg) =>
      arg === 'Acme' ? 'Other' : arg === 'acme.com, ACME.org' ? 'other.test' : arg,
    ),
  );

  expect(await run('remove', '1')).toMatchObject({ code: 0, out: 'Removed SSO connection Acme.' });
  expect(await run('remove', 'Other')).toMatchObject({
    code: 0,
    out: 'Removed SSO connection Other.',
  });
  expect((await run('list')).out).toContain('No SSO connections yet');
});

test('remove names what it could not find', async () => {
  expect(await run('remove', 'Nobody')).toMatchObject({
    code: 1,
    err: 'No SSO connection has the id or name "Nobody".',
  });
  expect((await run('remove', '99999999999')).code).toBe(1);
  expect((await run('remove')).code).toBe(1);
});

test('add refuses a taken name or a domain another connection has', async () => {
  await run(...ADD_ACME);
  const withDomains = (domains: string) => ADD_ACME.slice(0, -1).concat(domains);
  const renamed = (argv: string[]) => argv.map((arg) => (arg === 'Acme' ? 'Second' : arg));

  expect(await run(...withDomains('new.test'))).toMatchObject({
    code: 1,
    err: 'A connection named "Acme" already exists.',
  });
  expect(await run(...renamed(withDomains('new.test, acme.org')))).toMatchObject({
    code: 1,
    err: 'Already set up for another connection: acme.org (Acme).',
  });
});

test.each([
  [['--domains', 'not a domain'], 'Not an email domain: not a domain.'],
  [['--domains', ' , '], 'Give at least one email domain.'],
  [['--issuer', 'ftp://idp.test'], 'The issuer must be an https:// URL.'],
  [['--issuer', 'idp'], 'The issuer must be a URL: idp'],
  [['--name', '42'], 'A name cannot be only digits (it would read as an id).'],
])('add refuses %p', async (override, message) => {
  const argv = [...ADD_ACME];
  argv[argv.indexOf(override[0]) + 1] = override[1];

  expect(await run(...argv)).toMatchObject({ code: 1, err: message });
});

test('add lists the missing options; unknown commands and options show the usage', async () => {
  const missing = await run('add', '--name', 'Acme');
  const unknownCommand = await run('delete', '1');
  const unknownOption = await run('add', '--colour', 'blue');

  expect(missing.code).toBe(1);
  expect(missing.err).toContain('Missing --issuer, --client-id, --client-secret, --domains.');
  expect(unknownCommand).toMatchObject({ code: 1 });
  expect(unknownCommand.err).toContain('Unknown command "delete"');
  expect(unknownOption.code).toBe(1);
  expect(unknownOption.err).toContain("Unknown option '--colour'");
  expect((await run()).out).toContain('Usage:');
});

// The command as `npm run sso` runs it, in this process: settings from the environment, the database the server
// would use (a PGlite folder, or Postgres), migrated first. (The e2e auth spec runs the script itself.)
describe('npm run sso', () => {
  let dataDir: string;
  // The Postgres run's database; the PGlite run's is the folder in dataDir the server would open (new, as a first
  // start makes it), which the first command migrates.
  let database: TestDatabase | undefined;

  // One database for the tests: migrating one takes seconds, and each test leaves it empty.
  beforeAll(async () => {
    dataDir = await createTempDir();
    if (postgresServerUrl()) database = await createEmptyTestDatabase();
    else await createPgliteFolder(path.join(dataDir, 'pglite'));
  });

  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function cli(...argv: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    if (database?.target.driver === 'postgres') env.DATABASE_URL = database.target.url;
    return captureCommand((output) => runSsoCli(argv, env, output));
  }

  test('adds, lists and removes against the configured database', async () => {
    const added = await cli(...ADD_ACME);
    const listed = await cli('list');
    const removed = await cli('remove', 'Acme');

    expect(added).toMatchObject({
      code: 0,
      out: 'Added SSO connection 1 (Acme) for acme.com, acme.org.',
    });
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('acme.com,acme.org');
    expect(removed).toMatchObject({ code: 0, out: 'Removed SSO connection Acme.' });
  }, 60_000);

  test('exits 1 with the message on bad input', async () => {
    const result = await cli('remove', 'Nobody');

    expect(result.code).toBe(1);
    expect(result.err).toBe('No SSO connection has the id or name "Nobody".');
  });

  test('exits 1 naming a setting it cannot use', async () => {
    const output = { out: jest.fn(), err: jest.fn() };

    const code = await runSsoCli(['list'], { DATA_DIR: dataDir, PORT: 'eighty' }, output);

    expect(code).toBe(1);
    expect(output.err).toHaveBeenCalledWith(
      expect.stringContaining('PORT must be a port number from 0 to 65535'),
    );
    expect(output.out).not.toHaveBeenCalled();
  });
});
