import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { sql } from 'kysely';

import { createTestApp } from '../../../helpers/test-app';
import {
  createVerification,
  signedInUser,
  type TestUser,
  type VerificationJson,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const NOT_FOUND = { error: { message: 'Verification not found.', code: 'not_found' } };

function get(app: FastifyInstance, user: TestUser, url: string) {
  return app.inject({ method: 'GET', url, headers: user.headers });
}

function send(
  app: FastifyInstance,
  user: TestUser,
  method: 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: user.headers, payload });
}

async function listCodes(app: FastifyInstance, user: TestUser, query: string): Promise<string[]> {
  const response = await get(app, user, `/api/verifications/?${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json().results as VerificationJson[]).map((verification) => verification.title);
}

describe('listing', () => {
  test('pages through the user’s own verifications, newest first, with the total count', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    for (const title of ['One', 'Two', 'Three']) await createVerification(app, user, { title });
    await createVerification(app, other, { title: 'Not mine' });

    const first = await get(app, user, '/api/verifications/?page=1&page_size=2');
    expect(first.json()).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(first.json().results.map((item: VerificationJson) => item.title)).toEqual([
      'Three',
      'Two',
    ]);
    expect(await listCodes(app, user, 'page=2&page_size=2')).toEqual(['One']);
    expect(await listCodes(app, user, 'page=3&page_size=2')).toEqual([]);
    expect((await get(app, user, '/api/verifications/')).json()).toMatchObject({
      count: 3,
      page: 1,
      page_size: 20,
    });
    await app.close();
  });

  test('searches title, holder and code; filters by status and issue date; sorts as asked', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const alpha = await createVerification(app, user, {
      title: 'alpha Diploma',
      holder_name: 'Ada',
      issue_date: '2024-01-10',
    });
    await createVerification(app, user, {
      title: 'Beta 100% certificate',
      holder_name: 'Grace',
      issue_date: '2024-05-01',
      expiry_date: '2024-12-31',
    });
    const gamma = await createVerification(app, user, {
      title: 'Gamma licence',
      holder_name: 'Ada Byron',
      issue_date: '2025-03-01',
    });
    await send(app, user, 'POST', `/api/verifications/${gamma.id}/revoke/`, { reason: 'Error' });
    await app.db
      .updateTable('verifications')
      .set({ scan_count: 5 })
      .where('id', '=', alpha.id)
      .execute();

    expect(await listCodes(app, user, 'search=ada&ordering=title')).toEqual([
      'alpha Diploma',
      'Gamma licence',
    ]);
    expect(await listCodes(app, user, 'search=DIPLOMA')).toEqual(['alpha Diploma']);
    expect(await listCodes(app, user, 'search=100%25')).toEqual(['Beta 100% certificate']);
    expect(await listCodes(app, user, 'search=_')).toEqual([]);
    expect(await listCodes(app, user, `search=${alpha.code.toUpperCase()}`)).toEqual([
      'alpha Diploma',
    ]);
    expect(await listCodes(app, user, 'status=active')).toEqual(['alpha Diploma']);
    expect(await listCodes(app, user, 'status=expired')).toEqual(['Beta 100% certificate']);
    expect(await listCodes(app, user, 'status=revoked')).toEqual(['Gamma licence']);
    expect(await listCodes(app, user, 'issued_from=2024-02-01&issued_to=2024-12-31')).toEqual([
      'Beta 100% certificate',
    ]);
    expect(await listCodes(app, user, 'ordering=title')).toEqual([
      'alpha Diploma',
      'Beta 100% certificate',
      'Gamma licence',
    ]);
    expect(await listCodes(app, user, 'ordering=-title')).toEqual([
      'Gamma licence',
      'Beta 100% certificate',
      'alpha Diploma',
    ]);
    expect(await listCodes(app, user, 'ordering=issue_date')).toEqual([
      'alpha Diploma',
      'Beta 100% certificate',
      'Gamma licence',
    ]);
    expect((await listCodes(app, user, 'ordering=-scan_count'))[0]).toBe('alpha Diploma');
    expect(await listCodes(app, user, 'ordering=created_at')).toEqual([
      'alpha Diploma',
      'Beta 100% certificate',
      'Gamma licence',
    ]);
    await app.close();
  });

  test('bad parameters are 400s naming the parameter', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);

    const response = await get(
      app,
      user,
      '/api/verifications/?page=0&page_size=101&status=lost&ordering=size&issued_from=2024-13-01',
    );

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.details).sort()).toEqual([
      'issued_from',
      'ordering',
      'page',
      'page_size',
      'status',
    ]);
    await app.close();
  });
});

describe('one verification', () => {
  test('another account’s verification, an unknown id and a malformed id all answer the same 404', async () => {
    const app = await createTestApp();
    const owner = await signedInUser(app);
    const stranger = await signedInUser(app);
    const verification = await createVerification(app, owner);
    const base = `/api/verifications/${verification.id}`;

    for (const url of [
      `${base}/`,
      `${base}/document/`,
      `${base}/original/`,
      `${base}/qr/`,
      `${base}/scans/`,
    ]) {
      const response = await get(app, stranger, url);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, NOT_FOUND]);
    }
    for (const [method, url, payload] of [
      ['PATCH', `${base}/`, { title: 'Mine now' }],
      ['POST', `${base}/revoke/`, { reason: 'Mine now' }],
      ['DELETE', `${base}/`, undefined],
    ] as const) {
      const response = await send(app, stranger, method, url, payload);
      expect([method, response.statusCode, response.json()]).toEqual([method, 404, NOT_FOUND]);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1%27%20or%201=1']) {
      const response = await get(app, owner, `/api/verifications/${id}/`);
      expect([id, response.statusCode, response.json()]).toEqual([id, 404, NOT_FOUND]);
    }
    expect((await get(app, owner, `${base}/`)).json().title).toBe('Bachelor of Science');
    await app.close();
  });

  test('PATCH changes what the verification says; expiry may not precede issue', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const verification = await createVerification(app, user, { expiry_date: '2030-01-01' });
    const url = `/api/verifications/${verification.id}/`;

    const changed = await send(app, user, 'PATCH', url, {
      title: '  Master of Science ',
      holder_name: 'Ada King',
      expiry_date: null,
      custom_fields: [{ key: 'Grade', value: 'Distinction' }],
      allow_download: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Master of Science',
      holder_name: 'Ada King',
      expiry_date: null,
      custom_fields: [{ key: 'Grade', value: 'Distinction' }],
      allow_download: true,
      code: verification.code,
      secured: verification.secured,
    });
    expect(Date.parse(changed.json().updated_at)).toBeGreaterThan(
      Date.parse(verification.updated_at),
    );

    const backwards = await send(app, user, 'PATCH', url, { expiry_date: '2025-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details).toEqual({
      expiry_date: ['The expiry date cannot be before the issue date.'],
    });

    const invalid = await send(app, user, 'PATCH', url, {
      title: '',
      custom_fields: [{ key: 'Grade' }],
      allow_download: 'yes',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details).toEqual({
      title: ['This field may not be blank.'],
      custom_fields: ['Custom field 1 value: This field is required.'],
      allow_download: ['Must be true or false.'],
    });
    expect((await get(app, user, url)).json().title).toBe('Master of Science');
    await app.close();
  });

  test('DELETE removes the verification and its files; its code is then unknown', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const verification = await createVerification(app, user);
    const url = `/api/verifications/${verification.id}/`;

    const response = await send(app, user, 'DELETE', url);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(app, user, url)).statusCode).toBe(404);
    expect(await app.storage.exists(`verifications/${verification.id}/original`)).toBe(false);
    expect(await app.storage.exists(`verifications/${verification.id}/secured.pdf`)).toBe(false);
    expect(
      (await app.inject({ url: `/api/public/verifications/${verification.code}/` })).statusCode,
    ).toBe(404);
    expect((await send(app, user, 'DELETE', url)).statusCode).toBe(404);
    await app.close();
  });
});

test('a file that cannot be removed does not undo a deletion: 204, and the row is gone', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  jest.spyOn(app.storage, 'delete').mockRejectedValue(new Error('disk busy'));

  const response = await send(app, user, 'DELETE', `/api/verifications/${verification.id}/`);

  expect(response.statusCode).toBe(204);
  expect((await get(app, user, `/api/verifications/${verification.id}/`)).statusCode).toBe(404);
  await app.close();
});

describe('revoking', () => {
  test('revokes with a reason and a replacement; a second revocation is refused', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const old = await createVerification(app, user, { title: 'Old' });
    const replacement = await createVerification(app, user, { title: 'New' });
    const url = `/api/verifications/${old.id}/revoke/`;

    const response = await send(app, user, 'POST', url, {
      reason: 'Misspelt name',
      replaced_by_code: replacement.public_url,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'revoked',
      revocation_reason: 'Misspelt name',
      replaced_by: { id: replacement.id, code: replacement.code },
    });
    expect(Date.parse(response.json().revoked_at)).toBeLessThanOrEqual(Date.now());

    const again = await send(app, user, 'POST', url, { reason: 'Again' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'already_revoked',
      message: 'This verification is already revoked.',
    });

    // Deleting the replacement leaves the revocation, without its link.
    await send(app, user, 'DELETE', `/api/verifications/${replacement.id}/`);
    expect((await get(app, user, `/api/verifications/${old.id}/`)).json()).toMatchObject({
      status: 'revoked',
      replaced_by: null,
    });
    await app.close();
  });

  test('a reason is required, and the replacement must be another of the user’s own verifications', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const stranger = await signedInUser(app);
    const verification = await createVerification(app, user);
    const theirs = await createVerification(app, stranger);
    const url = `/api/verifications/${verification.id}/revoke/`;

    const noReason = await send(app, user, 'POST', url, { reason: '  ' });
    expect(noReason.json().error.details).toEqual({ reason: ['This field may not be blank.'] });
    const longReason = await send(app, user, 'POST', url, { reason: 'x'.repeat(501) });
    expect(longReason.json().error.details).toEqual({
      reason: ['Must be at most 500 characters.'],
    });

    for (const [code, message] of [
      [theirs.code, 'None of your verifications has this code.'],
      ['nosuchcodexxxxxx', 'None of your verifications has this code.'],
      [verification.code, 'A verification cannot replace itself.'],
    ]) {
      const response = await send(app, user, 'POST', url, {
        reason: 'Wrong',
        replaced_by_code: code,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual({ replaced_by_code: [message] });
    }
    expect((await get(app, user, `/api/verifications/${verification.id}/`)).json().status).toBe(
      'active',
    );
    await app.close();
  });
});

describe('the QR code, scans and figures', () => {
  async function decodeImage(image: Buffer): Promise<string | undefined> {
    const picture = await loadImage(image);
    const canvas = createCanvas(600, 600);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 600, 600);
    context.drawImage(picture, 0, 0, 600, 600);
    const pixels = context.getImageData(0, 0, 600, 600);
    return jsQR(new Uint8ClampedArray(pixels.data.buffer), 600, 600)?.data;
  }

  test('the QR code downloads as PNG (default) or SVG, encoding the public URL and its seal', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const verification = await createVerification(app, user);
    const url = `/api/verifications/${verification.id}/qr/`;

    const png = await get(app, user, url);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain(`${verification.code}-qr.png`);
    expect(await decodeImage(png.rawPayload)).toBe(verification.qr_url);

    const svg = await get(app, user, `${url}?format=svg`);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(await decodeImage(svg.rawPayload)).toBe(verification.qr_url);

    expect((await get(app, user, `${url}?format=gif`)).statusCode).toBe(400);
    await app.close();
  });

  test('page views appear as scans, newest first, with counts, the last scan and the 30-day figure', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const verification = await createVerification(app, user);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36';

    await app.inject({ url: `/v/${verification.code}`, headers: { 'user-agent': iphone } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.inject({ url: `/v/${verification.code}`, headers: { 'user-agent': windows } });
    await app.inject({ method: 'HEAD', url: `/v/${verification.code}` });

    const scans = await get(app, user, `/api/verifications/${verification.id}/scans/`);
    expect(scans.statusCode).toBe(200);
    const results = scans.json().results as Array<{ scanned_at: string; device: string }>;
    expect(results.map((scan) => scan.device)).toEqual(['desktop', 'mobile']);
    expect(Date.parse(results[0].scanned_at)).toBeGreaterThan(Date.parse(results[1].scanned_at));

    const detail = (await get(app, user, `/api/verifications/${verification.id}/`)).json();
    expect(detail.scan_count).toBe(2);
    expect(detail.last_scanned_at).toBe(results[0].scanned_at);
    expect((await get(app, user, '/api/verifications/stats/')).json().scans_last_30_days).toBe(2);
    await app.close();
  });

  test('the figures count the user’s verifications by status', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    await createVerification(app, user);
    await createVerification(app, user, { expiry_date: '2099-01-01' });
    await createVerification(app, user, { issue_date: '2020-01-01', expiry_date: '2020-12-31' });
    const revoked = await createVerification(app, user, {
      issue_date: '2020-01-01',
      expiry_date: '2020-12-31',
    });
    await send(app, user, 'POST', `/api/verifications/${revoked.id}/revoke/`, { reason: 'Lost' });
    await createVerification(app, other);
    // An old scan falls outside the 30 days.
    await sql`insert into verification_scans (verification_id, scanned_at, device)
              values (${revoked.id}, now() - interval '31 days', 'mobile')`.execute(app.db);

    const stats = await get(app, user, '/api/verifications/stats/');

    expect(stats.json()).toEqual({
      total: 4,
      active: 2,
      revoked: 1,
      expired: 1,
      scans_last_30_days: 0,
    });
    await app.close();
  });
});
