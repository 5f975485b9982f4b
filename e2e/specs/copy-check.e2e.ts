// 'Check your copy' in Chromium for a file larger than WebCrypto's one-go limit of the page (8 MB): hashed as it
// streams by hash-wasm, which the page loads on demand and its CSP lets run, over many chunks. The original
// matches; a copy with one byte changed deep inside does not.
import { randomBytes } from 'node:crypto';

import { PDFDocument } from 'pdf-lib';

import { createVerifiedAccount, requestAccessToken } from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';

const MB = 1024 * 1024;

/** A PDF of about 12 MB that does not compress: a one-page document carrying random bytes as an attachment. */
async function largePdf(): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf());
  await doc.attach(randomBytes(12 * MB), 'noise.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

async function createVerification(app: RunningApp, file: Buffer): Promise<string> {
  const token = await requestAccessToken(app, await createVerifiedAccount(app));
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'large.pdf');
  form.set('title', 'Large thesis');
  form.set('holder_name', 'Grace Hopper');
  form.set('issue_date', '2025-06-30');
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}

describe('checking a large copy on the public page', () => {
  const fixtures = useAppAndBrowser();

  it('hashes a file of many chunks as it streams and tells the original from an altered copy', async () => {
    const { app, browser } = fixtures;
    const original = await largePdf();
    expect(original.length).toBeGreaterThan(8 * MB);
    const code = await createVerification(app, original);

    const page = await openPage(browser);
    await page.goto(`${app.baseUrl}/v/${code}`);
    await page.getByRole('heading', { name: 'Valid', exact: true }).waitFor();
    const check = async (name: string, buffer: Buffer) => {
      await page
        .locator('#check-file')
        .setInputFiles({ name, mimeType: 'application/pdf', buffer });
      const result = page.locator(
        '#check-result:is([data-state="match"], [data-state="mismatch"])',
      );
      await result.waitFor();
      return page.locator('#check-message').textContent();
    };

    await expect(check('original.pdf', original)).resolves.toBe('This file matches the original');
    const altered = Buffer.from(original);
    altered[Math.floor(altered.length * 0.6)] ^= 0x01;
    await expect(check('altered.pdf', altered)).resolves.toBe(
      'This file does not match the document issued under this code',
    );

    // The answers came from hash-wasm, not from WebCrypto as a fallback: it loaded, and WebAssembly may run.
    const hasher = await page.evaluate(() => {
      const { hashwasm } = window as unknown as {
        hashwasm?: { createSHA256: () => Promise<unknown> };
      };
      if (!hashwasm) return 'not loaded';
      return hashwasm.createSHA256().then(
        () => 'runs',
        (error: Error) => error.message,
      );
    });
    expect(hasher).toBe('runs');
  });
});
