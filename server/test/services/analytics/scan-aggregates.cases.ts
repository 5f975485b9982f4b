// Instances sharing one database each add their tallies: the views, the counts by device, browser and country add
// up, and a visitor seen by two instances is one visitor of the day.
import { recordScans } from '../../../src/services/verifications/record-scans';
import { ScanRecorder, type Scan } from '../../../src/services/verifications/scan-recorder';
import { createTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

function instance(): ScanRecorder {
  return new ScanRecorder({ write: (batch) => recordScans(app.db, batch) });
}

function view(verificationId: string, visitor: string, facts: Partial<Scan> = {}): Scan {
  return {
    verificationId,
    scannedAt: new Date(),
    device: 'mobile',
    browser: 'Safari',
    country: 'GB',
    visitor,
    ...facts,
  };
}

test('two instances add their views, and a visitor both saw counts once', async () => {
  const verification = await createVerification(app, await signedInUser(app));
  const [first, second] = [instance(), instance()];
  const desktop = { device: 'desktop', browser: 'Chrome', country: 'DE' } as const;
  first.record(view(verification.id, 'x'));
  first.record(view(verification.id, 'y'));
  second.record(view(verification.id, 'y', desktop));
  second.record(view(verification.id, 'z', desktop));
  await Promise.all([first.flush(), second.flush()]);
  first.record(view(verification.id, 'x'));
  await first.flush();

  const daily = await app.db.selectFrom('scan_daily').selectAll().execute();
  expect(daily).toEqual([
    expect.objectContaining({
      scans: 5,
      visitors: 3,
      devices: { mobile: 3, desktop: 2 },
      browsers: { Safari: 3, Chrome: 2 },
      countries: { GB: 3, DE: 2 },
    }),
  ]);
  const counted = await app.db
    .selectFrom('verifications')
    .select('scan_count')
    .where('id', '=', verification.id)
    .executeTakeFirstOrThrow();
  expect(counted.scan_count).toBe(5);
  await Promise.all([first.close(), second.close()]);
});
