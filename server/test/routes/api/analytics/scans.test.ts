// GET /api/analytics/scans/ and what a view of a public page records: the device, browser, country and a visitor
// key, never the address; the answer read from the roll-up with every day of the period, the breakdowns and the
// top documents, and a 404 for another account's verification.
import { isoDate } from '@common/verifications';

import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';
import { insertScans } from '../../../services/analytics/analytics-helpers';

import type { FastifyInstance } from 'fastify';

jest.mock('../../../../src/documents/securing-pool', () =>
  jest.requireActual('../../../helpers/verifications').securingPoolsPerFile(),
);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ADDRESS = '203.0.113.77';

let app: FastifyInstance;
let owner: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  owner = await signedInUser(app);
});
afterEach(() => app.close());

function getScans(query: string, user = owner) {
  return app.inject({ url: `/api/analytics/scans/${query}`, headers: user.headers });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

test('a view records device, browser, country and a visitor key, and the address nowhere', async () => {
  const verification = await createVerification(app, owner);
  for (const language of ['en-GB,en;q=0.9', 'en-GB', undefined]) {
    const response = await app.inject({
      url: `/v/${verification.code}`,
      remoteAddress: ADDRESS,
      headers: { 'user-agent': IPHONE, ...(language && { 'accept-language': language }) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Scans are counted without storing your IP address.');
  }
  await app.inject({ url: `/v/${verification.code}`, remoteAddress: '198.51.100.1' });
  await app.scanRecorder.flush();

  const rows = await app.db.selectFrom('verification_scans').selectAll().orderBy('id').execute();
  expect(rows.map(({ device, browser, country }) => ({ device, browser, country }))).toEqual([
    { device: 'mobile', browser: 'Safari', country: 'GB' },
    { device: 'mobile', browser: 'Safari', country: 'GB' },
    { device: 'mobile', browser: 'Safari', country: null },
    { device: 'other', browser: 'Other', country: null },
  ]);
  // One phone is one visitor; another address another.
  expect(new Set(rows.map((row) => row.visitor)).size).toBe(2);
  expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.stringify(rows)).not.toContain(ADDRESS);
  expect(JSON.stringify(rows)).not.toContain('198.51.100.1');
});

test('the answer has every day of the period, the breakdowns and the top documents, from the roll-up', async () => {
  const diploma = await createVerification(app, owner, { title: 'Diploma', holder_name: 'Ada' });
  const licence = await createVerification(app, owner, { title: 'Licence', holder_name: 'Bo' });
  await insertScans(app, diploma.id, [
    { at: daysAgo(0), visitor: 'a' },
    { at: daysAgo(0), visitor: 'b', device: 'desktop', browser: 'Chrome', country: 'DE' },
    { at: daysAgo(1), visitor: 'c' },
  ]);
  await insertScans(app, licence.id, [{ at: daysAgo(0), visitor: 'd', country: null }]);
  // Scans not rolled up yet are not in the answer: the dashboard reads the roll-up only.
  expect((await getScans('')).json().total).toBe(0);

  await app.services.analytics.rollUp();
  const response = await getScans('?days=7');
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.days).toHaveLength(7);
  expect(body.days[6]).toEqual({ date: isoDate(), scans: 3 });
  expect(body.days[5]).toEqual({ date: isoDate(daysAgo(1)), scans: 1 });
  expect(body.days.slice(0, 5).map((day: { scans: number }) => day.scans)).toEqual([0, 0, 0, 0, 0]);
  expect(body).toMatchObject({
    total: 4,
    by_device: { mobile: 3, desktop: 1 },
    by_browser: { Safari: 3, Chrome: 1 },
    by_country: { GB: 2, DE: 1 },
    top: [
      {
        verification_id: diploma.id,
        title: 'Diploma',
        holder_name: 'Ada',
        code: diploma.code,
        scans: 3,
      },
      {
        verification_id: licence.id,
        title: 'Licence',
        holder_name: 'Bo',
        code: licence.code,
        scans: 1,
      },
    ],
    unusual: [],
  });

  const one = (await getScans(`?verification_id=${licence.id}`)).json();
  expect(one.days).toHaveLength(30);
  expect(one).toMatchObject({ total: 1, by_device: { mobile: 1 }, by_country: {}, top: [] });
});

test('the period defaults to 30 days and takes 1 to 365', async () => {
  expect((await getScans('')).json().days).toHaveLength(30);
  expect((await getScans('?days=1')).json().days).toEqual([{ date: isoDate(), scans: 0 }]);
  expect((await getScans('?days=365')).json().days).toHaveLength(365);
  for (const [days, message] of [
    ['0', 'Must be at least 1.'],
    ['366', 'Must be at most 365.'],
    ['abc', 'Must be a whole number.'],
    ['2.5', 'Must be a whole number.'],
  ]) {
    const response = await getScans(`?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ days: [message] });
  }
});

test("another account's verification, or no verification, is not found", async () => {
  const other = await signedInUser(app);
  const theirs = await createVerification(app, other);
  for (const id of [theirs.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
    const response = await getScans(`?verification_id=${id}`);
    expect(response.statusCode).toBe(404);
  }
  expect((await getScans('', other)).statusCode).toBe(200);
  expect((await app.inject({ url: '/api/analytics/scans/' })).statusCode).toBe(401);
});
