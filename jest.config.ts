/** @jest-config-loader ts-node */
// Two test suites share this config: the SPA (jsdom) and the server (node, real database).
// The server suite runs on embedded PGlite; its data layer runs again on the Postgres server when one answers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import type { Config } from 'jest';

const POSTGRES_TEST_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const swcTransform: Config['transform'] = {
  '^.+\\.[cm]?(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const moduleNameMapper: Config['moduleNameMapper'] = {
  '^@/(.*)$': '<rootDir>/src/$1',
  '^@common/(.*)$': '<rootDir>/common/$1',
  '^@uppy/companion$': '<rootDir>/server/test/helpers/native-companion.ts',
  // Uppy's ES-module-only corners: an `import`-only export, and an .mjs file that has a CommonJS twin.
  '^@transloadit/prettier-bytes$':
    '<rootDir>/node_modules/@transloadit/prettier-bytes/dist/prettierBytes.js',
  '^exifr/dist/mini.esm.mjs$': '<rootDir>/node_modules/exifr/dist/mini.umd.cjs',
  '\\.(css)$': '<rootDir>/__mocks__/style-mock.ts',
  '\\.(png|jpe?g|svg|gif|woff2?)$': '<rootDir>/__mocks__/file-mock.ts',
};

// ESM-only packages that jest must transform to run under its CommonJS loader.
const esmPackages = [
  'until-async',
  'content-disposition',
  '@fastify/cookie',
  'cookie',
  '@electric-sql/pglite',
  'openid-client',
  'oauth4webapi',
  'jose',
  'request-filtering-agent',
  '@tus',
  'srvx',
  '@libpdf',
  '@noble',
  '@scure',
  // jsdom 29 and what it imports as ES modules (the server's page tests parse HTML with it).
  ...['jsdom', '@exodus', 'parse5', 'entities', '@asamuzakjp', '@csstools', 'css-tree', '@bramus'],
  // Verifiable credentials (docs/credentials.md).
  ...[
    '@digitalbazaar',
    'ky',
    'serialize-error',
    'type-fest',
    'tagged-tag',
    'base58-universal',
    'base64url-universal',
  ],
  'intl-messageformat',
  '@formatjs',
  ...[
    '@uppy',
    '@transloadit',
    'nanoid',
    'p-queue',
    'p-retry',
    'p-timeout',
    'is-network-error',
    'pretty-bytes',
    'clsx',
    'preact',
  ],
].join('|');

/** Node modules are not transformed, but for the ESM-only packages above. */
export const transformIgnorePatterns = [`node_modules/(?!(${esmPackages})/)`];

function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

// The Postgres run covers the data layer: the db/ and services/ tests that open a database, the server process,
// the SSO command and a named smoke set of routes that between them exercise every table and query shape the API
// uses. Everything runs on PGlite: the same SQL, the same migrations. Name a route test here when it brings SQL
// that no listed file runs.
const DATA_LAYER_FOLDERS = ['server/test/db', 'server/test/services'];
const USES_TEST_DATABASE = /createTestApp|createEmptyTestDatabase|postgresServerUrl/;
// Data-layer files that build an app but send no SQL of their own (the password hasher the app is built with).
const NO_SQL_OF_THEIR_OWN = ['server/test/services/auth/password-hasher.cases.ts'];

function dataLayerTests(): string[] {
  return DATA_LAYER_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(__dirname, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join(folder, file))
      .filter((file) => file.endsWith('.test.ts') || file.endsWith('.cases.ts'))
      .filter((file) => USES_TEST_DATABASE.test(readFileSync(path.join(__dirname, file), 'utf8')))
      .filter((file) => !NO_SQL_OF_THEIR_OWN.includes(file)),
  );
}

const POSTGRES_TESTS = [
  ...dataLayerTests(),
  'server/test/server.test.ts',
  'server/test/cli/sso-command.cases.ts',
  'server/test/plugins/queue.cases.ts',
  'server/test/routes/api/health/health.test.ts',
  'server/test/routes/api/auth/register.cases.ts',
  'server/test/routes/api/auth/token.cases.ts',
  'server/test/routes/api/auth/otp.cases.ts',
  'server/test/routes/api/templates/templates.cases.ts',
  'server/test/routes/api/templates/default-and-delete.cases.ts',
  'server/test/routes/api/uploads/uploads.test.ts',
  'server/test/routes/api/verifications/create.cases.ts',
  'server/test/routes/api/verifications/manage.cases.ts',
  'server/test/routes/api/verifications/credential.cases.ts',
  'server/test/routes/api/team/team.cases.ts',
  'server/test/routes/api/team/invitations.cases.ts',
  'server/test/routes/api/team/records.cases.ts',
  'server/test/routes/v/verification-page.cases.ts',
  'server/test/routes/api/bulk/documents-mode.cases.ts',
  'server/test/routes/api/bulk/lifecycle.cases.ts',
  'server/test/crash/bulk-crash.postgres.test.ts',
  'server/test/scale-out/two-instances.postgres.test.ts',
  'server/test/routes/api/subscription/stripe-webhook.cases.ts',
  'server/test/routes/api/analytics/scans.test.ts',
  'server/test/routes/api/auth/sessions.cases.ts',
];

function caseFiles(): string[] {
  return readdirSync(path.join(__dirname, 'server/test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.cases.ts'))
    .map((file) => path.posix.join('server/test', file));
}

/** The jest file that runs `file`: itself, or for a case file its folder's jest file (case-files.ts). */
function jestFileOf(file: string): string {
  if (!file.endsWith('.cases.ts')) return file;
  const folder = path.posix.dirname(file);
  return `${folder}/${path.posix.basename(folder)}.test.ts`;
}

/**
 * For each jest file that runs case files, those it runs (paths from the root): all of its folder's, or with `only`
 * the listed ones (all of them where the jest file itself is listed). case-files.ts and the test sequencer read it.
 */
function caseFilesByJestFile(only?: string[]): Record<string, string[]> {
  const byJestFile: Record<string, string[]> = {};
  for (const file of caseFiles()) {
    const jestFile = jestFileOf(file);
    if (only && !only.includes(file) && !only.includes(jestFile)) continue;
    (byJestFile[jestFile] ??= []).push(file);
  }
  return byJestFile;
}

/**
 * The server's test files, or with `only` (paths from the root) just those: their jest files, with the case files
 * each runs in a global.
 */
function serverTests(only?: string[]): Pick<Config, 'testMatch' | 'globals'> {
  // A case file runs only through its folder's jest file, and a listed file that moved would run nothing: both
  // fail the run here rather than drop tests silently.
  for (const file of caseFiles()) {
    if (!existsSync(path.join(__dirname, jestFileOf(file))))
      throw new Error(`${file} has no ${jestFileOf(file)} to run it (case-files.ts)`);
  }
  const missing = (only ?? []).filter((file) => !existsSync(path.join(__dirname, file)));
  if (missing.length > 0) throw new Error(`No such test files: ${missing.join(', ')}`);
  const globals = { CASE_FILES: caseFilesByJestFile(only) };
  if (!only) return { testMatch: ['**/*.test.ts'], globals };
  return {
    testMatch: [...new Set(only.map(jestFileOf))].map((file) => `<rootDir>/${file}`),
    globals,
  };
}

// `npm run test:node24` names its files here (scripts/test.ts), comma-separated.
const ONLY_FILES = process.env.TEST_ONLY_FILES?.split(',').filter(Boolean);

function serverProject(
  displayName: string,
  databaseUrl?: string,
): NonNullable<Config['projects']>[number] {
  const tests = serverTests(databaseUrl ? POSTGRES_TESTS : ONLY_FILES);
  return {
    displayName,
    testEnvironment: 'node',
    // Sentry's Node SDK keeps its state on globalThis; Jest's "soft" clean-up wraps it in a new setter after
    // every file, and a worker that has run enough files overflows the stack assigning through the chain.
    testEnvironmentOptions: { globalsCleanup: 'off' },
    roots: ['<rootDir>/server', '<rootDir>/common'],
    testMatch: tests.testMatch,
    // *.postgres.test.ts need a Postgres server: they run in the Postgres project only.
    testPathIgnorePatterns: databaseUrl ? [] : ['\\.postgres\\.test\\.ts$'],
    transform: swcTransform,
    transformIgnorePatterns,
    moduleNameMapper,
    globals: { TEST_DATABASE_URL: databaseUrl ?? '', ...tests.globals },
    // Migrates one template database per run, which each test's fresh database is copied from: a set-up file per
    // project, as jest runs each global set-up module once, for the first project that names it.
    globalSetup: `<rootDir>/server/test/helpers/${databaseUrl ? 'postgres' : 'pglite'}-global-setup.ts`,
    globalTeardown: `<rootDir>/server/test/helpers/${databaseUrl ? 'postgres' : 'pglite'}-global-teardown.ts`,
  };
}

export default async function config(): Promise<Config> {
  const projects: NonNullable<Config['projects']> = [
    {
      displayName: 'spa',
      testEnvironment: '<rootDir>/src/testing/jsdom-environment.ts',
      roots: ['<rootDir>/src'],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
      transform: swcTransform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
    {
      // The repository's own tooling: lint rules, scripts.
      displayName: 'tooling',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
      testMatch: ['**/__tests__/**/*.test.ts'],
      transform: swcTransform,
    },
    serverProject('server:pglite'),
  ];
  if (process.env.SKIP_POSTGRES !== '1' && (await isReachable(POSTGRES_TEST_URL))) {
    projects.push(serverProject('server:postgres', POSTGRES_TEST_URL));
  }
  // Workers grow with every file (each file's PGlite WebAssembly memory stays with the worker): on this 24 GB
  // machine they reached 7-15 GB and were OOM-killed mid-run, and long before that every file costs more (the
  // same migration test: 7 s of CPU as a worker's first file, 21 s as its 32nd, its RSS 5.4 GB). jest compares
  // the limit with the worker's JavaScript heap after a file, not with that memory (heapUsed grows ~30 MB a file
  // while RSS grows ~150 MB), so 2 GB was never reached; at 300 MB a worker is replaced every ~6 server files.
  // 32 route files in one worker: 297 -> 170 s of CPU, 381 -> 232 s wall, and the 4 tests that failed late in an
  // old worker (500s from the securing pool) passed.
  // Three workers on two cores: a run kept both cores only 1.6 busy with two (tests that wait on purpose, such as
  // the answer-timing ones, and child processes); with three, 1.8, and the unit run took 655 s instead of 755 s.
  // The time limit guards against a hang, it measures nothing: with both workers busy and each app's securing
  // threads beside them, building an app on PGlite took over 30 s now and then on the 2-core CI machine.
  return {
    projects,
    testSequencer: '<rootDir>/scripts/support/test-sequencer.mjs',
    testTimeout: 90_000,
    maxWorkers: 3,
    workerIdleMemoryLimit: '300MB',
  };
}
