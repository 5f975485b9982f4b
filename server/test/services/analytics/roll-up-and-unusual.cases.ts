// The roll-up fills scan_daily with whole days (running it again changes nothing), and the unusual-activity rule
// flags a code at its thresholds and not below them, mails the owner once per flag, sends the
// verification.unusual_activity webhook event, and clears after the quiet period.
import { QUIET_DAYS } from '../../../src/services/analytics/evaluate-unusual-activity';
import { startMailCapture, type MailCapture } from '../../helpers/mail-capture';
import { createTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../helpers/verifications';
import { createWebhook, LOCAL_DELIVERY_ENV } from '../../helpers/webhooks';

import { distinctVisitors, insertScans } from './analytics-helpers';

import type { FastifyInstance } from 'fastify';

let mail: MailCapture;
let app: FastifyInstance;
let owner: TestUser;

beforeAll(async () => {
  mail = await startMailCapture();
});
afterAll(() => mail.stop());

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({
    env: {
      SMTP_URL: mail.smtpUrl,
      UNUSUAL_SCAN_VISITORS: '5',
      UNUSUAL_SCAN_WINDOW_MINUTES: '30',
      UNUSUAL_REVOKED_SCAN_VISITORS: '3',
      ...LOCAL_DELIVERY_ENV,
    },
  });
  owner = await signedInUser(app, { email: 'owner@example.com' });
});
afterEach(() => app.close());

const NOW = new Date('2026-11-25T15:00:00Z');

function dailyRows() {
  return app.db
    .selectFrom('scan_daily')
    .select(['verification_id', 'day', 'scans', 'visitors', 'devices', 'browsers', 'countries'])
    .orderBy('day')
    .execute();
}

function flagOf(id: string) {
  return app.db
    .selectFrom('verifications')
    .select(['unusual_since', 'unusual_reason', 'unusual_notified_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

test('the roll-up counts yesterday and today by device, browser and country, and running it again changes nothing', async () => {
  const verification = await createVerification(app, owner);
  await insertScans(app, verification.id, [
    {
      at: '2026-11-24T23:59:00Z',
      visitor: 'a',
      device: 'desktop',
      browser: 'Chrome',
      country: 'DE',
    },
    { at: '2026-11-25T00:00:00Z', visitor: 'a' },
    { at: '2026-11-25T09:00:00Z', visitor: 'a' },
    { at: '2026-11-25T10:00:00Z', visitor: 'b', country: null },
    { at: '2026-11-25T11:00:00Z', visitor: 'c', device: 'bot', browser: 'Other' },
    // Older than yesterday: not touched by this roll-up.
    { at: '2026-11-20T10:00:00Z', visitor: 'z' },
  ]);

  await app.services.analytics.rollUp(NOW);
  const first = await dailyRows();
  expect(first).toEqual([
    {
      verification_id: verification.id,
      day: expect.anything(),
      scans: 1,
      visitors: 1,
      devices: { desktop: 1 },
      browsers: { Chrome: 1 },
      countries: { DE: 1 },
    },
    {
      verification_id: verification.id,
      day: expect.anything(),
      scans: 4,
      visitors: 3,
      devices: { mobile: 3, bot: 1 },
      browsers: { Safari: 3, Other: 1 },
      countries: { GB: 3 },
    },
  ]);

  await app.services.analytics.rollUp(NOW);
  expect(await dailyRows()).toEqual(first);

  // A later scan of the same day replaces that day's row with the whole day's counts.
  await insertScans(app, verification.id, [{ at: '2026-11-25T14:00:00Z', visitor: 'd' }]);
  await app.services.analytics.rollUp(NOW);
  const [, today] = await dailyRows();
  expect([today!.scans, today!.visitors]).toEqual([5, 4]);
});

test('many devices: one below the threshold is not flagged, the threshold is, with the evidence', async () => {
  const calm = await createVerification(app, owner, { title: 'Calm diploma' });
  const copied = await createVerification(app, owner, { title: 'Copied diploma' });
  const windowStart = new Date(NOW.getTime() - 25 * 60_000);
  await insertScans(app, calm.id, distinctVisitors(4, windowStart));
  // Five devices, one of them twice, plus link previews that are not people.
  await insertScans(app, copied.id, [
    ...distinctVisitors(5, windowStart),
    { at: windowStart, visitor: 'phone-0' },
    ...distinctVisitors(3, windowStart, 'preview').map((scan) => ({
      ...scan,
      device: 'bot' as const,
    })),
  ]);
  // Scans before the window do not count toward it.
  await insertScans(
    app,
    calm.id,
    distinctVisitors(10, new Date(NOW.getTime() - 3 * 3_600_000), 'old'),
  );

  await app.services.analytics.rollUp(NOW);

  expect((await flagOf(calm.id)).unusual_since).toBeNull();
  const flag = await flagOf(copied.id);
  expect(flag.unusual_since).toEqual(NOW);
  expect(flag.unusual_reason).toBe(
    '5 different devices scanned this code between 14:35 and 14:39 UTC on 2026-11-25.',
  );

  const response = await app.inject({
    url: `/api/verifications/${copied.id}/`,
    headers: owner.headers,
  });
  expect(response.json().unusual_activity).toEqual({
    flagged: true,
    reason: flag.unusual_reason,
    since: NOW.toISOString(),
  });
  const list = await app.inject({ url: '/api/verifications/', headers: owner.headers });
  const byTitle = Object.fromEntries(
    list
      .json()
      .results.map((item: { title: string; unusual_activity: unknown }) => [
        item.title,
        item.unusual_activity,
      ]),
  );
  expect(byTitle['Calm diploma']).toEqual({ flagged: false, reason: null, since: null });
  expect(byTitle['Copied diploma']).toMatchObject({ flagged: true });
});

test('scans of a revoked code: two devices are not flagged, three are', async () => {
  const twice = await createVerification(app, owner, { title: 'Twice' });
  const thrice = await createVerification(app, owner, { title: 'Thrice' });
  for (const id of [twice.id, thrice.id]) {
    await app.db
      .updateTable('verifications')
      .set({ revoked_at: new Date(NOW.getTime() - 10 * 3_600_000) })
      .where('id', '=', id)
      .execute();
  }
  const start = new Date(NOW.getTime() - 5 * 3_600_000);
  await insertScans(app, twice.id, distinctVisitors(2, start));
  await insertScans(app, thrice.id, distinctVisitors(3, start));
  // Scans from before the revocation are not scans of a revoked code.
  await insertScans(
    app,
    twice.id,
    distinctVisitors(5, new Date(NOW.getTime() - 11 * 3_600_000), 'before'),
  );

  await app.services.analytics.rollUp(NOW);

  expect((await flagOf(twice.id)).unusual_since).toBeNull();
  expect((await flagOf(thrice.id)).unusual_reason).toBe(
    '3 different devices scanned this revoked code between 10:00 and 10:02 UTC on 2026-11-25.',
  );
});

test('scans of an expired code count from the day after its expiry date', async () => {
  const expired = await createVerification(app, owner, { expiry_date: '2026-11-24' });
  await insertScans(app, expired.id, distinctVisitors(3, new Date('2026-11-25T08:00:00Z')));
  await app.services.analytics.rollUp(NOW);
  expect((await flagOf(expired.id)).unusual_reason).toMatch(
    /^3 different devices scanned this expired code/,
  );
});

test('the owner is mailed once per flag and the webhook event is sent once; the flag clears after a quiet week', async () => {
  const webhook = await createWebhook(app, owner, 'http://127.0.0.1:9/hook', [
    'verification.unusual_activity',
  ]);
  const copied = await createVerification(app, owner, { title: 'Copied diploma' });
  await insertScans(app, copied.id, distinctVisitors(6, new Date(NOW.getTime() - 20 * 60_000)));

  await app.services.analytics.rollUp(NOW);
  await app.services.analytics.rollUp(new Date(NOW.getTime() + 60_000));

  const [message, ...more] = await mail.waitFor('owner@example.com');
  expect(more).toEqual([]);
  expect(message!.subject).toBe('Unusual activity on the QR code of Copied diploma');
  expect(message!.text).toContain(
    '6 different devices scanned this code between 14:40 and 14:45 UTC',
  );
  expect((await flagOf(copied.id)).unusual_notified_at).not.toBeNull();

  const events = await app.db
    .selectFrom('webhook_deliveries')
    .select(['event_type', 'payload'])
    .where('endpoint_id', '=', webhook.id)
    .execute();
  expect(events.map((event) => event.event_type)).toEqual(['verification.unusual_activity']);
  expect(JSON.parse(events[0]!.payload).data).toMatchObject({
    id: copied.id,
    unusual_activity: { flagged: true, reason: expect.stringContaining('6 different devices') },
  });

  // Still matching within the week: the flag stays and no second mail goes.
  await app.services.analytics.rollUp(new Date(NOW.getTime() + 2 * 86_400_000));
  expect((await flagOf(copied.id)).unusual_since).toEqual(NOW);
  // A quiet week after the last match: cleared, so a later match is news again.
  await app.services.analytics.rollUp(new Date(NOW.getTime() + (QUIET_DAYS + 1) * 86_400_000));
  expect(await flagOf(copied.id)).toEqual({
    unusual_since: null,
    unusual_reason: null,
    unusual_notified_at: null,
  });
  expect(mail.to('owner@example.com')).toHaveLength(1);
});
