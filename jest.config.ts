/** @jest-config-loader ts-node */
// Two test suites share this config: the SPA (jsdom) and the server (node, real database).
// The server suite runs on embedded PGlite always and again on the Postgres server when it answers.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import type { Config } from 'jest';

const POSTGRES_TEST_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const swcTransform: Config['transform'] = {
  '^.+\\.c?(t|j)sx?$': [
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
  '^@transloadit/prettier-bytes$': '<rootDir>/node_modules/@transloadit/prettier-bytes/dist/prettierBytes.js',
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

// Server test files that never open the project's database run once, in server:pglite; every other server
// test file runs on both PGlite and Postgres (the data layer must be tested on both). A file belongs here
// only when the database plays no part in it: pure functions, rendering, config parsing, files on disk, or
// a child process that opens its own PGlite whichever project runs it. When in doubt, leave a file out.
const DATABASE_FREE_TESTS = [
  'common/__tests__/templates.test.ts',
  'server/test/config.test.ts',
  'server/test/db/open-database.test.ts',
  'server/test/logger.test.ts',
  'server/test/mail/dev-mailbox.test.ts',
  'server/test/mail/smtp-mailer.test.ts',
  'server/test/pages/verification-page.test.ts',
  'server/test/plugins/sentry.test.ts',
  'server/test/services/uploads/remove-expired-uploads.test.ts',
  'server/test/services/verifications/classify-device.test.ts',
  'server/test/services/verifications/detect-document-type.test.ts',
  'server/test/services/verifications/public-code.test.ts',
  'server/test/services/verifications/public-record-cache.test.ts',
  'server/test/services/verifications/render-qr-code.test.ts',
  'server/test/services/verifications/scan-recorder.test.ts',
  'server/test/services/verifications/secure-document.test.ts',
  'server/test/storage/disk-storage.test.ts',
];

// A listed file that has since started using the test database runs on both after all.
const USES_TEST_DATABASE =
  /createTestApp|createEmptyTestDatabase|postgresServerUrl|TEST_DATABASE_URL/;

function runsOnPgliteOnly(file: string): boolean {
  try {
    return !USES_TEST_DATABASE.test(readFileSync(path.join(__dirname, file), 'utf8'));
  } catch {
    return false; // moved or deleted: nothing to skip
  }
}

function serverProject(
  displayName: string,
  databaseUrl?: string,
): NonNullable<Config['projects']>[number] {
  const testPathIgnorePatterns = ['/node_modules/'];
  if (databaseUrl) {
    for (const file of DATABASE_FREE_TESTS.filter(runsOnPgliteOnly)) {
      testPathIgnorePatterns.push(`<rootDir>/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    }
  }
  return {
    displayName,
    testEnvironment: 'node',
    roots: ['<rootDir>/server', '<rootDir>/common'],
    testMatch: ['**/*.test.ts'],
    testPathIgnorePatterns,
    transform: swcTransform,
    transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
    moduleNameMapper,
    globals: { TEST_DATABASE_URL: databaseUrl ?? '' },
    // Migrates one template database per run, which each test's fresh database is copied from.
    globalSetup: '<rootDir>/server/test/helpers/database-global-setup.ts',
    globalTeardown: '<rootDir>/server/test/helpers/database-global-teardown.ts',
  };
}

export default async function config(): Promise<Config> {
  const projects: NonNullable<Config['projects']> = [
    {
      displayName: 'spa',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
      transform: swcTransform,
      transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper,
    },
    serverProject('server:pglite'),
  ];
  if (process.env.SKIP_POSTGRES !== '1' && (await isReachable(POSTGRES_TEST_URL))) {
    projects.push(serverProject('server:postgres', POSTGRES_TEST_URL));
  }
  // Workers grow with every file (each PGlite instance holds its own WebAssembly memory): on this 24 GB
  // machine they reached 7-15 GB and were OOM-killed mid-run. A worker above 2 GB after a file is replaced.
  return { projects, testTimeout: 30_000, maxWorkers: 2, workerIdleMemoryLimit: '2GB' };
}
