// Per-spec fixtures: one running app and one browser for the whole spec file.

import { START_TIMEOUT_MS, startApp, type RunningApp } from '../../scripts/support/app';
import { launchBrowser } from '../../scripts/support/browser';

import type { Browser } from 'playwright-core';

export function useAppAndBrowser(env?: Record<string, string>) {
  const fixtures = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    [fixtures.app, fixtures.browser] = await Promise.all([startApp(env), launchBrowser()]);
  }, START_TIMEOUT_MS + 10_000);
  afterAll(async () => {
    await Promise.all([fixtures.browser?.close(), fixtures.app?.stop()]);
  });
  return fixtures;
}
