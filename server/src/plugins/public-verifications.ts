// What keeps the public verification page fast: the in-memory cache of public records (app.publicRecords),
// updated by every change, and the scan recorder (app.scanRecorder), which writes page views in batches every
// few seconds and once more when the app closes, before the database does.
import fp from 'fastify-plugin';

import { findPublicRecord } from '../services/verifications/find-public-record';
import { PublicRecordCache } from '../services/verifications/public-record-cache';
import { recordScans } from '../services/verifications/record-scans';
import { ScanRecorder } from '../services/verifications/scan-recorder';

import type { PublicRecord } from '../services/verifications/public-verification';

declare module 'fastify' {
  interface FastifyInstance {
    publicRecords: PublicRecordCache<PublicRecord>;
    scanRecorder: ScanRecorder;
  }
}

export default fp(
  async (app) => {
    const publicRecords = new PublicRecordCache<PublicRecord>({
      load: (code) => findPublicRecord(app.db, code),
    });
    const scanRecorder = new ScanRecorder({
      write: (scans) => recordScans(app.db, scans),
      onError: (error, waiting) =>
        app.log.error({ err: error, waiting }, 'Could not store page views; retrying'),
    });
    app.decorate('publicRecords', publicRecords);
    app.decorate('scanRecorder', scanRecorder);
    // Plugin onClose hooks run last-registered first: this one runs before the database closes.
    app.addHook('onClose', async () => {
      await scanRecorder.close();
    });
  },
  { name: 'public-verifications', dependencies: ['db'] },
);
