// Sealed QR codes in Chromium: a PDF secured through the API carries a seal in its QR URL's fragment. The public
// page checks it in the browser and gives one verdict (verified; a changed digit turns the headline; no seal keeps
// Valid and says what to do; a revoked record stays Revoked, no download); the scanner at /scan verifies it from an image
// of the QR code and from the secured PDF (and says when a file shows no code or there is no camera), and — after one online visit, with the browser offline — from a file
// and from a (fake) camera; a code whose URL points at a look-alike host is flagged. A new account's name is its own
// word, so its seal verifies as "an account calling itself …"; once the operator checks the name
// (`npm run issuers -- verify`), the page says "Sealed by" it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  createVerifiedAccount,
  requestAccessToken,
  type TestAccount,
} from '../../scripts/support/accounts';
import { launchBrowser, openPage, VIEWPORTS } from '../../scripts/support/browser';
import { downloadVerificationFile, secureDocument } from '../../scripts/support/verifications';
import { makePdf, makePng } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';
import { qrPng, qrY4m } from '../support/qr-images';

import type { Verification } from '../../common/verifications-schemas';
import type { Page } from 'playwright-core';

const FOREIGN_HOST = 'qrverify-check.example';
const ROOT = path.resolve(__dirname, '../..');

/** A seal that verifies from an account nothing vouches for: its name in its own words, never "Sealed by". */
function declaredTitle(account: TestAccount): string {
  return `Issued by an account calling itself “${account.name}” — its name is not verified`;
}

/** The QR URL with one digit of its seal changed (the last: part of the signature). */
function withChangedDigit(qrUrl: string): string {
  const last = qrUrl.at(-1)!;
  return qrUrl.slice(0, -1) + (last === '9' ? '8' : String(Number(last) + 1));
}

function onForeignHost(qrUrl: string): string {
  const url = new URL(qrUrl);
  url.protocol = 'https:';
  url.hostname = FOREIGN_HOST;
  url.port = '';
  return url.href;
}

/** The page's one verdict once the seal has been checked: its headline and the seal's line under it. */
async function sealLine(page: Page, url: string) {
  await page.goto(url);
  const line = page.locator('#seal:not([hidden])');
  await line.waitFor();
  const facts = line.locator('.seal-facts');
  return {
    headlines: await page.getByRole('heading', { level: 1 }).allTextContents(),
    icon: await line.getAttribute('data-icon'),
    tone: await line.getAttribute('data-tone'),
    title: await line.locator('.seal-title').textContent(),
    status: await page.locator('.verdict [data-status-line]:not([hidden])').textContent(),
    facts: (await facts.count()) > 0 ? await facts.textContent() : null,
    // Secondary: in the text colour, whatever the headline's.
    isInTextColour: await line.evaluate(
      (element) => getComputedStyle(element).color === getComputedStyle(document.body).color,
    ),
  };
}

async function scanFile(page: Page, name: string, buffer: Buffer) {
  const mimeType = name.endsWith('.pdf') ? 'application/pdf' : 'image/png';
  await page.locator('#scan-file').setInputFiles({ name, mimeType, buffer });
  const result = page.getByRole('region', { name: 'Result' });
  // Shown once the seal has been checked.
  await result.locator('[aria-label="Scan result"]').waitFor();
  return result;
}

/** Opens /scan online and waits until its service worker has cached the scanner and controls the page. */
async function openScannerOnce(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/scan`);
  await page.getByRole('heading', { name: 'Check a QR code' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The scanner's answer for the secured code: the seal verifies, its issuer named as the account names itself. */
async function expectVerifiedResult(page: Page, verification: Verification, account: TestAccount) {
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText(declaredTitle(account), { exact: true }).count()).resolves.toBe(1);
  await expect(result.getByText(/Sealed by/).count()).resolves.toBe(0);
  const facts = await result.getByRole('definition').allTextContents();
  expect(facts).toEqual(
    expect.arrayContaining(['Grace Hopper', verification.code, '30 June 2025']),
  );
  await expect(result.getByText(/does not lead to QR Verify/).count()).resolves.toBe(0);
}

describe('sealed QR codes', () => {
  const fixtures = useAppAndBrowser();
  const secured = {} as {
    account: TestAccount;
    verification: Verification;
    token: string;
    qrPng: Buffer;
    pdf: Buffer;
  };

  beforeAll(async () => {
    const { app } = fixtures;
    secured.account = await createVerifiedAccount(app);
    secured.token = await requestAccessToken(app, secured.account);
    secured.verification = await secureDocument(app, secured.token, { file: await makePdf() });
    [secured.qrPng, secured.pdf] = await Promise.all([
      downloadVerificationFile(app, secured.token, secured.verification.id, 'qr/?format=png'),
      downloadVerificationFile(app, secured.token, secured.verification.id, 'document/'),
    ]);
  }, 90_000);

  it('is sealed: its QR URL carries the seal in its fragment', () => {
    const { verification } = secured;
    expect(verification.sealed).toBe(true);
    expect(verification.qr_url).toMatch(
      new RegExp(`^${fixtures.app.baseUrl}/v/${verification.code}#\\d{150,}$`),
    );
  });

  it('the public page says the seal verifies, names the account as it names itself, with the signed facts, and links to the scanner', async () => {
    const page = await openPage(fixtures.browser);
    const line = await sealLine(page, secured.verification.qr_url!);

    expect(line).toMatchObject({
      headlines: ['Valid'],
      // Never the shield with its tick, never "Sealed by": nothing proves who the account is.
      icon: 'account',
      tone: 'declared',
      title: declaredTitle(secured.account),
      isInTextColour: true,
    });
    expect(line.status?.replace(/\s+/g, ' ').trim()).toBe(
      `This document was issued by an account calling itself “${secured.account.name}” (its name is not verified) and is valid.`,
    );
    await expect(page.locator('#seal .seal-advice').textContent()).resolves.toContain(
      'nothing proves who the account is',
    );
    await expect(page.getByText(/Sealed by/).count()).resolves.toBe(0);
    expect(line.facts).toContain('Holder Grace Hopper');
    expect(line.facts).toContain(`code ${secured.verification.code}`);
    await expect(
      page
        .getByRole('link', { name: 'Scan another code with the QR Verify scanner' })
        .getAttribute('href'),
    ).resolves.toBe(`${fixtures.app.baseUrl}/scan`);
    await page.context().close();
  });

  it('the public page turns its one headline when a digit of the seal was changed', async () => {
    const page = await openPage(fixtures.browser, VIEWPORTS.phone);
    const tampered = await sealLine(page, withChangedDigit(secured.verification.qr_url!));
    expect(tampered).toMatchObject({
      headlines: ['Do not rely on this code'],
      icon: 'alert',
      title:
        'The seal on this code does not verify — the code may have been altered or copied to another site',
    });
    await expect(page.title()).resolves.toMatch(/^Do not rely on this code: /);
    // The secured document stays on offer, as a plain link rather than the button of a valid page.
    await expect(page.locator('a.button[download]').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('without the seal in the address the page stays Valid and says what to do, not that it is a copy', async () => {
    const page = await openPage(fixtures.browser, VIEWPORTS.phone);
    const missing = await sealLine(page, `${fixtures.app.baseUrl}/v/${secured.verification.code}`);

    expect(missing).toMatchObject({
      headlines: ['Valid'],
      icon: 'info',
      title: 'This address carries no seal, so the paper was not checked',
      isInTextColour: true,
    });
    await expect(page.locator('#seal .seal-advice').textContent()).resolves.toContain(
      'Open the link from the QR code, or scan it with the QR Verify scanner.',
    );
    await page.context().close();
  });

  it('a revoked verification opened from its QR code reads Revoked: the verified seal secondary, no download', async () => {
    const { app } = fixtures;
    const revoked = await secureDocument(app, secured.token, { file: await makePdf() });
    const change = (path: string, method: string, body: object) =>
      fetch(`${app.baseUrl}/api/verifications/${revoked.id}/${path}`, {
        method,
        headers: { authorization: `Bearer ${secured.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await change('', 'PATCH', { allow_download: true })).status).toBe(200);
    expect((await change('revoke/', 'POST', { reason: 'Issued in error' })).status).toBe(200);
    const page = await openPage(fixtures.browser, VIEWPORTS.phone);

    const line = await sealLine(page, revoked.qr_url!);

    expect(line).toMatchObject({
      headlines: ['Revoked'],
      icon: 'account',
      title: declaredTitle(secured.account),
      isInTextColour: true,
    });
    await expect(page.locator('#seal .seal-advice').textContent()).resolves.toBe(
      'The paper is genuine, but its issuer has revoked it.',
    );
    await expect(page.locator('a[download]').count()).resolves.toBe(0);
    expect((await fetch(`${app.baseUrl}/v/${revoked.code}/document`)).status).toBe(404);
    await page.context().close();
  });

  it('the scanner verifies the code from an image of the QR code and from the secured PDF', async () => {
    const page = await openPage(fixtures.browser, VIEWPORTS.phone);
    await page.goto(`${fixtures.app.baseUrl}/scan`);

    await scanFile(page, 'qr.png', secured.qrPng);
    await expectVerifiedResult(page, secured.verification, secured.account);
    const liveStatus = page.getByRole('status', { name: 'Live status' });
    await expect(liveStatus.textContent()).resolves.toContain('Live status: Valid');

    await page.getByRole('button', { name: 'Clear the result' }).click();
    await scanFile(page, 'secured.pdf', secured.pdf);
    await expectVerifiedResult(page, secured.verification, secured.account);

    // A file without a QR code, and a device without a camera (this Chromium has none), are said in words.
    await page.getByRole('button', { name: 'Clear the result' }).click();
    await page
      .locator('#scan-file')
      .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: makePng(400, 300) });
    await page.getByText('No QR code was found in this file.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await page.getByText('No camera was found on this device.', { exact: false }).waitFor();
    await page.context().close();
  });

  it('offline after one online visit, the scanner verifies a file and flags a look-alike host', async () => {
    const page = await openPage(fixtures.browser, VIEWPORTS.phone);
    await openScannerOnce(page, fixtures.app.baseUrl);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Check a QR code' }).waitFor();

    await scanFile(page, 'qr.png', secured.qrPng);
    await expectVerifiedResult(page, secured.verification, secured.account);
    await expect(
      page.getByRole('status', { name: 'Live status' }).textContent(),
    ).resolves.toContain('Offline: the live status (revoked or expired) could not be fetched.');

    // The genuine seal on a look-alike site's URL, and that site's URL with no seal at all.
    for (const foreign of [
      onForeignHost(secured.verification.qr_url!),
      onForeignHost(secured.verification.qr_url!.split('#')[0]!),
    ]) {
      await page.getByRole('button', { name: 'Clear the result' }).click();
      const result = await scanFile(page, 'foreign.png', await qrPng(foreign));
      await expect(
        result.getByText('Warning: this QR code does not lead to QR Verify').textContent(),
      ).resolves.toBeTruthy();
      await expect(result.getByText(FOREIGN_HOST, { exact: true }).count()).resolves.toBe(1);
      await expect(result.getByText(declaredTitle(secured.account)).count()).resolves.toBe(0);
      await expect(result.getByText(/Sealed by/).count()).resolves.toBe(0);
    }
    await page.context().close();
  });

  it('offline, the scanner reads a sealed code from the camera (a fake device playing the QR code)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'qrv-camera-'));
    const video = path.join(folder, 'qr.y4m');
    writeFileSync(video, qrY4m(secured.verification.qr_url!));
    const browser = await launchBrowser({
      extraArgs: [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const page = await openPage(browser, VIEWPORTS.phone);
      await openScannerOnce(page, fixtures.app.baseUrl);
      await page.context().setOffline(true);
      await page.reload();

      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await page.locator('[aria-label="Scan result"]').waitFor();
      await expectVerifiedResult(page, secured.verification, secured.account);
      // The camera is let go once a code is found.
      await expect(page.getByLabel('Camera view').count()).resolves.toBe(0);
    } finally {
      await browser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  // Last: it restarts the app.
  it('once the operator has checked the account\'s name, the page says "Sealed by" that name, with the shield', async () => {
    const { app } = fixtures;
    const checkedName = 'Hopper Institute of Examples';
    // The embedded database admits one process: the operator verifies the name while the server is stopped.
    await app.restart(async () => {
      const cli = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/src/cli/issuers.ts',
          'verify',
          secured.account.email,
          '--name',
          checkedName,
        ],
        {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      );
      if (cli.status !== 0) throw new Error(`npm run issuers failed: ${cli.stderr}${cli.stdout}`);
    });
    const page = await openPage(fixtures.browser, VIEWPORTS.phone);

    const line = await sealLine(page, secured.verification.qr_url!);

    expect(line).toMatchObject({
      headlines: ['Valid'],
      icon: 'shield',
      tone: 'verified',
      title: `Sealed by ${checkedName} (name checked by this service) — signature verified`,
      isInTextColour: true,
    });
    expect(line.status?.replace(/\s+/g, ' ').trim()).toBe(
      `This document was issued by ${checkedName} (name checked by this service) and is valid.`,
    );
    await page.context().close();
  }, 150_000);
});
