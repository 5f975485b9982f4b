// Node environment that saves a screenshot of the spec's page when a test fails.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { TestEnvironment } from 'jest-environment-node';

import type { Circus } from '@jest/types';
import type { Page } from 'playwright-core';

const screenshotDir = path.resolve(__dirname, '../../test-results/e2e-failures');

export default class E2eEnvironment extends TestEnvironment {
  async handleTestEvent(event: Circus.Event) {
    if (event.name !== 'test_fn_failure') return;
    const page = this.global.__e2ePage as Page | undefined;
    if (!page || page.isClosed()) return;
    mkdirSync(screenshotDir, { recursive: true });
    const name = `${event.test.parent.name} ${event.test.name}`.replace(/[^a-z0-9]+/gi, '-');
    await page
      .screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
      .catch(() => undefined);
  }
}
