/** @jest-config-loader ts-node */
// Browser suite: one SPA build shared by every spec (global setup), each spec file starts its own server, mailbox
// and browser on free ports, so two specs run side by side (a spec mostly waits on its server and its browser).
import path from 'node:path';

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
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  // The accessibility spec reads the SPA's route table.
  moduleNameMapper: {
    '^@common/(.*)$': '<rootDir>/common/$1',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  testTimeout: 60_000,
  maxWorkers: 2,
};

export default config;
