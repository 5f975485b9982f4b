// Bulk operations in Chromium: a sheet and a zip of 20 PDFs, and a sheet drawn on one design, go through the
// create stepper, run to completion with the list's progress moving, and the result zip holds secured documents
// whose QR codes open their public pages.
import { readFile } from 'node:fs/promises';

import yauzl from 'yauzl';

import { createVerifiedAccount, signInThroughUi } from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { makeCsv, makeZip } from '../../server/test/helpers/bulk';
import { renderPdfPages } from '../../server/test/helpers/pdf-pages';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';
import type { Browser, Page } from 'playwright-core';

const ROWS = 20;

/** The zip's entries by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.readEntry();
    });
  });
}

async function signedInPage(app: RunningApp, browser: Browser): Promise<Page> {
  const page = await openPage(browser);
  await signInThroughUi(page, app, await createVerifiedAccount(app));
  await page.waitForURL(`${app.baseUrl}/`);
  return page;
}

/** Review → Start → the list, where the operation runs to Completed; the progress seen on the way. */
async function startAndWatch(page: Page, app: RunningApp, name: string): Promise<string[]> {
  await page.getByText(/rows can be secured/).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.waitForURL(`${app.baseUrl}/bulk-operations`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  const seen: string[] = [];
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const text = (await row.textContent()) ?? '';
    if (seen.at(-1) !== text) seen.push(text);
    if (text.includes('Completed')) return seen;
    await page.waitForTimeout(200);
  }
  throw new Error(`${name} did not complete: ${seen.at(-1)}`);
}

async function downloadResult(page: Page, name: string): Promise<Map<string, Buffer>> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download the result of ${name}` }).click();
  const download = await downloading;
  return unzip(await readFile((await download.path())!));
}

/** The public page a secured document's QR code opens shows the record as valid. */
async function expectQrOpensValidPage(browser: Browser, pdf: Buffer, holder: string) {
  const [[first]] = await renderPdfPages([{ pdf }]);
  // Sealed: the public page's address with the seal's digits in its fragment.
  expect(first.qr?.data).toMatch(/\/v\/[a-z0-9]{16}#\d+$/);
  const publicPage = await openPage(browser);
  await publicPage.goto(first.qr!.data);
  await publicPage.getByRole('heading', { name: 'Valid', exact: true }).waitFor();
  await publicPage.getByText(holder).first().waitFor();
  await publicPage.close();
}

describe('bulk operations', () => {
  const fixtures = useAppAndBrowser();

  it('secures a sheet and a zip of 20 PDFs, with live progress and a result zip of secured documents', async () => {
    const { app, browser } = fixtures;
    const page = await signedInPage(app, browser);
    const names = Array.from({ length: ROWS }, (_, index) => `diploma-${index + 1}.pdf`);
    const pdf = await makePdf();
    const zip = await makeZip(names.map((name) => ({ name, data: pdf })));
    const sheet = makeCsv([
      ['File', 'Title', 'Holder Name', 'Issue Date'],
      ...names.map((name, index) => [
        name,
        'BSc Mathematics',
        `Graduate ${index + 1}`,
        '2026-06-30',
      ]),
    ]);

    const asked: string[] = [];
    const uploads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && pathname.startsWith('/api/bulk-operations/')) {
        asked.push(pathname);
      }
      if (pathname.startsWith('/api/bulk-operations/uploads/')) {
        uploads.push(`${request.method()} ${pathname.replace(/[0-9a-f-]{36}$/, '{id}')}`);
      }
    });

    await page.goto(`${app.baseUrl}/bulk-operation/create`);
    const files = page.locator('input[type=file]');
    await files
      .nth(0)
      .setInputFiles({ name: 'class-of-2026.csv', mimeType: 'text/csv', buffer: sheet });
    await files
      .nth(1)
      .setInputFiles({ name: 'diplomas.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: 'Next: map columns' }).click();
    await page.getByRole('form', { name: 'Map columns' }).waitFor();
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const seen = await startAndWatch(page, app, 'class-of-2026');
    expect(seen.at(-1)).toContain('Completed');
    // The sheet was staged once; the zip went up resumably (tus), then both were named by id.
    expect(uploads.filter((line) => line === 'POST /api/bulk-operations/uploads/')).toHaveLength(1);
    expect(uploads).toContain('POST /api/bulk-operations/uploads/resumable');
    expect(uploads).toContain('PATCH /api/bulk-operations/uploads/resumable/{id}');
    // The check and the run were followed through the progress stream, not by asking for the operation every
    // moment: it is read at most once, again after Start changed it.
    expect(asked.filter((path) => path.endsWith('/events/')).length).toBeGreaterThanOrEqual(2);
    const reads = asked.filter((path) => /^\/api\/bulk-operations\/[^/]+\/$/.test(path));
    expect(reads.length).toBeLessThanOrEqual(1);

    const result = await downloadResult(page, 'class-of-2026');
    expect([...result.keys()].sort()).toEqual([...names, 'report.csv'].sort());
    const report = result.get('report.csv')!.toString().trim().split('\n');
    expect(report).toHaveLength(ROWS + 1);
    expect(report.slice(1).every((line) => line.includes(',secured,'))).toBe(true);
    await expectQrOpensValidPage(browser, result.get('diploma-7.pdf')!, 'Graduate 7');
  });

  it('draws each row of a sheet on one design PDF and secures it', async () => {
    const { app, browser } = fixtures;
    const page = await signedInPage(app, browser);
    const sheet = makeCsv([
      ['holder_name', 'title', 'issue_date'],
      ['Ada Lovelace', 'Certificate of Excellence', '2026-06-30'],
      ['Alan Turing', 'Certificate of Excellence', '2026-06-30'],
      ['Grace Hopper', 'Certificate of Excellence', '2026-06-30'],
    ]);
    const design = await makePdf([{ size: [841.89, 595.28] }]);

    await page.goto(`${app.baseUrl}/bulk-operation/create`);
    await page.getByRole('radio', { name: /Generate from one design/ }).check();
    const files = page.locator('input[type=file]');
    await files
      .nth(0)
      .setInputFiles({ name: 'excellence.csv', mimeType: 'text/csv', buffer: sheet });
    await files
      .nth(1)
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: design });
    await page.getByRole('button', { name: 'Next: map columns' }).click();
    await page.getByRole('form', { name: 'Map columns' }).waitFor();
    await page.getByRole('button', { name: 'Next: place fields' }).click();
    await page.getByRole('form', { name: 'Place fields' }).waitFor();
    // Row 1 is the live preview on the design.
    await page.getByText('Ada Lovelace').first().waitFor();
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await startAndWatch(page, app, 'excellence');

    const result = await downloadResult(page, 'excellence');
    expect([...result.keys()].sort()).toEqual([
      'Ada Lovelace.pdf',
      'Alan Turing.pdf',
      'Grace Hopper.pdf',
      'report.csv',
    ]);
    await expectQrOpensValidPage(browser, result.get('Alan Turing.pdf')!, 'Alan Turing');
  });
});
