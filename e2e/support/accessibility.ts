// axe-core in a spec's page: WCAG 2.1 A and AA, answered as one readable line per failing element.
import { readFileSync } from 'node:fs';

import type axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_21_AA: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Waits until the page is still: no request in flight, nothing loading (a skeleton or a busy region) and
 * no finite animation running (a screen fading in would read as low contrast). Spinners and other
 * endless animations are left running.
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.MuiSkeleton-root, [aria-busy="true"]') &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
  );
}

/** One line per element that breaks a rule: 'rule-id (impact) target: what to fix'. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await waitUntilSettled(page);
  // Evaluated, not added as a script tag: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    WCAG_21_AA,
  );
  return describeViolations(results);
}

function describeViolations(results: AxeResults): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const fix = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      return `${violation.id} (${violation.impact ?? 'unknown'}) ${node.target.join(' ')}: ${fix}`;
    }),
  );
}
