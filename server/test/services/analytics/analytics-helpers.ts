// Views at chosen times, tallied as the public page tallies them (written by the next flush or roll-up), for the
// analytics and unusual-activity tests.
import type { ScanDevice } from '@common/verifications';

import type { FastifyInstance } from 'fastify';

export interface TestScan {
  at: string | Date;
  visitor?: string;
  device?: ScanDevice;
  browser?: string;
  country?: string | null;
}

export async function insertScans(
  app: FastifyInstance,
  verificationId: string,
  scans: TestScan[],
): Promise<void> {
  scans.forEach((scan, index) =>
    app.scanRecorder.record({
      verificationId,
      scannedAt: new Date(scan.at),
      device: scan.device ?? 'mobile',
      browser: scan.browser ?? 'Safari',
      country: scan.country === undefined ? 'GB' : scan.country,
      visitor: scan.visitor ?? `visitor-${index}`,
    }),
  );
}

/** `count` scans by distinct visitors, a minute apart, the first at `start`. */
export function distinctVisitors(count: number, start: Date, prefix = 'phone'): TestScan[] {
  return Array.from({ length: count }, (_, index) => ({
    at: new Date(start.getTime() + index * 60_000),
    visitor: `${prefix}-${index}`,
  }));
}
