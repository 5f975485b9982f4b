/** @jest-config-loader ts-node */
// Browser suite: one SPA build shared by every spec (global setup), each spec file starts its own server, mailbox
// and browser on free ports, so two specs run side by side (a spec mostly waits on its server and its browser).
import path from 'node:path';

import { swcTransform, transformIgnorePatterns } from '../jest.config';

import type { Config } from 'jest';

const root = path.resolve(__dirname, '..');

const config: Config = {
  rootDir: root,
  displayName: 'e2e',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  testEnvironment: '<rootDir>/e2e/support/environment.ts',
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  // As the unit suites: the verifier of credentials (credentials.e2e.ts) is ESM-only.
  transform: swcTransform,
  transformIgnorePatterns,
  // The accessibility spec reads the SPA's route table.
  moduleNameMapper: {
    '^@common/(.*)$': '<rootDir>/common/$1',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  testTimeout: 60_000,
  maxWorkers: 2,
};

export default config;
