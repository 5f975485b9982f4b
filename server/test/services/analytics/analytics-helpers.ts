// Scans written straight to the database at chosen times, for the roll-up and unusual-activity tests.
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
  await app.db
    .insertInto('verification_scans')
    .values(
      scans.map((scan, index) => ({
        verification_id: verificationId,
        scanned_at: new Date(scan.at),
        device: scan.device ?? 'mobile',
        browser: scan.browser ?? 'Safari',
        country: scan.country === undefined ? 'GB' : scan.country,
        visitor: scan.visitor ?? `visitor-${index}`,
      })),
    )
    .execute();
}

/** `count` scans by distinct visitors, a minute apart, the first at `start`. */
export function distinctVisitors(count: number, start: Date, prefix = 'phone'): TestScan[] {
  return Array.from({ length: count }, (_, index) => ({
    at: new Date(start.getTime() + index * 60_000),
    visitor: `${prefix}-${index}`,
  }));
}
