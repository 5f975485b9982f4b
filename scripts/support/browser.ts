// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The machine has no outside network: keep Chromium from trying to reach it.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs`: more Chromium flags, e.g. --host-resolver-rules to reach a custom domain on loopback. */
export function launchBrowser({ extraArgs = [] }: { extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

/** A fresh browser context (empty storage) with its page registered for failure screenshots. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  (globalThis as { __e2ePage?: Page }).__e2ePage = page;
  return page;
}
