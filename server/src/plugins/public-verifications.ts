// What keeps the public verification page fast: the in-memory caches of public records (app.publicRecords) and of
// the templates they render with (app.publicTemplates, by template id), updated by every change, and the scan
// recorder (app.scanRecorder), which writes page views in batches every few seconds and once more when the app
// closes, before the database does.
import fp from 'fastify-plugin';

import { findPublicTemplate } from '../services/templates/find-public-template';
import { findPublicRecord } from '../services/verifications/find-public-record';
import { PublicRecordCache } from '../services/verifications/public-record-cache';
import { recordScans } from '../services/verifications/record-scans';
import { ScanRecorder } from '../services/verifications/scan-recorder';

import type { PublicTemplate } from '../services/templates/template-rows';
import type { PublicRecord } from '../services/verifications/public-verification';

declare module 'fastify' {
  interface FastifyInstance {
    publicRecords: PublicRecordCache<PublicRecord>;
    publicTemplates: PublicRecordCache<PublicTemplate>;
    scanRecorder: ScanRecorder;
  }
}

export default fp(
  async (app) => {
    const publicRecords = new PublicRecordCache<PublicRecord>({
      load: (code) => findPublicRecord(app.db, code),
    });
    // Far fewer templates than codes are ever in use; a template's design is shared by all its verifications.
    const publicTemplates = new PublicRecordCache<PublicTemplate>({
      load: (id) => findPublicTemplate(app.db, id),
      maxEntries: 2_000,
    });
    const scanRecorder = new ScanRecorder({
      write: (scans) => recordScans(app.db, scans),
      onError: (error, waiting) =>
        app.log.error({ err: error, waiting }, 'Could not store page views; retrying'),
    });
    app.decorate('publicRecords', publicRecords);
    app.decorate('publicTemplates', publicTemplates);
    app.decorate('scanRecorder', scanRecorder);
    // Plugin onClose hooks run last-registered first: this one runs before the database closes.
    app.addHook('onClose', async () => {
      await scanRecorder.close();
    });
  },
  { name: 'public-verifications', dependencies: ['db'] },
);
