// A holder takes the verifiable credential from the public page (issue 32) and a verifier we did not write
// (@digitalbazaar/vc, server/test/helpers/credential-verifier.ts) checks it against the running app: an Open Badge
// from an achievement template, valid until its verification is revoked.
import { readFile } from 'node:fs/promises';

import { createVerifiedAccount, requestAccessToken } from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { secureDocument } from '../../scripts/support/verifications';
import { verifyIndependently } from '../../server/test/helpers/credential-verifier';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';

async function api(app: RunningApp, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.baseUrl}/api/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ id: string; code: string }>;
}

async function secureWithAchievementTemplate(app: RunningApp, token: string) {
  const template = await api(app, token, 'templates/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Course certificates',
      allow_download: true,
      is_achievement: true,
      achievement_description: 'Completed the 120-hour course in structural design.',
      achievement_criteria: 'Passed the final examination.',
    }),
  });
  return secureDocument(app, token, {
    file: await makePdf(),
    title: 'Structural Design',
    issueDate: '2026-06-30',
    templateId: template.id,
    allowDownload: true,
  });
}

describe('the credential a holder downloads from the public page', () => {
  const fixtures = useAppAndBrowser();

  it('verifies as an Open Badge, and as revoked once its verification is revoked', async () => {
    const { app, browser } = fixtures;
    const token = await requestAccessToken(app, await createVerifiedAccount(app));
    const verification = await secureWithAchievementTemplate(app, token);

    const page = await openPage(browser);
    await page.goto(`${app.baseUrl}/v/${verification.code}`);
    await page.getByRole('heading', { name: 'Digital credential' }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download credential' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${verification.code}-credential.json`);
    const credential = JSON.parse(await readFile((await download.path())!, 'utf8'));

    expect(credential).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      credentialSubject: { achievement: { name: 'Structural Design' } },
    });
    const valid = await verifyIndependently(credential, app.baseUrl);
    expect(valid.error).toBeUndefined();
    expect(valid.verified).toBe(true);
    expect(valid.statusResult?.results[0]?.status).toBe(false);

    await api(app, token, `verifications/${verification.id}/revoke/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Issued in error' }),
    });
    const revoked = await verifyIndependently(credential, app.baseUrl);
    // The proof still holds; the status list now says revoked.
    expect(revoked.statusResult?.results[0]?.status).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Revoked', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Download credential' }).count()).toBe(0);
  });
});
