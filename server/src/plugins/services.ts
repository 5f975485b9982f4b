// Builds the app's services once, from the database, storage, mail, password hasher and configuration, and decorates the app with them
// (app.services.<domain>): handlers call a service and answer. Also here, because the services share them: the
// securing worker pool, closed with the app; the public pages' cache, which every change reaches through its one
// apply(); and the scan recorder, which writes page views in batches and once more when the app closes, before
// the database does. And the per-IP limit on documents and logos sent: one count for every route taking a file.
// The webhook services come first: verifications, bulk operations and the scan recorder emit their events.
import fp from 'fastify-plugin';

import { buildApiKeyServices, type ApiKeyServices } from '../services/api-keys/api-key-services';
import { buildAuthServices, type AuthServices } from '../services/auth/auth-services';
import { buildBulkServices, type BulkServices } from '../services/bulk/bulk-services';
import {
  buildCustomDomainServices,
  type CustomDomainServices,
} from '../services/custom-domains/custom-domain-services';
import { loadPublicTemplate } from '../services/public-pages/load-public-template';
import { loadPublicVerification } from '../services/public-pages/load-public-verification';
import { PublicPageCache } from '../services/public-pages/public-page-cache';
import {
  buildPublicPageServices,
  type PublicPageServices,
} from '../services/public-pages/public-page-services';
import { buildTeamServices, type TeamServices } from '../services/team/team-services';
import {
  buildTemplateServices,
  type TemplateServices,
} from '../services/templates/template-services';
import { buildUploadServices, type UploadServices } from '../services/uploads/upload-services';
import { recordScans } from '../services/verifications/record-scans';
import { removeOrphanedVerificationFiles } from '../services/verifications/remove-orphaned-verification-files';
import { ScanRecorder } from '../services/verifications/scan-recorder';
import { createSecuringPool } from '../services/verifications/securing-pool';
import {
  buildVerificationServices,
  type VerificationServices,
} from '../services/verifications/verification-services';
import { buildWebhookServices, type WebhookServices } from '../services/webhooks/webhook-services';

import type { AttemptLimitHook } from './rate-limit';

export interface AppServices {
  auth: AuthServices;
  verifications: VerificationServices;
  templates: TemplateServices;
  uploads: UploadServices;
  publicPages: PublicPageServices;
  team: TeamServices;
  bulk: BulkServices;
  apiKeys: ApiKeyServices;
  webhooks: WebhookServices;
  customDomains: CustomDomainServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Page views waiting to be written; tests flush it to read the counts. */
    scanRecorder: ScanRecorder;
    /**
     * onRequest hook of every route that takes a file (a document or a logo), before authentication and before
     * the body is read: RATE_LIMIT_UPLOADS_PER_IP requests a minute per IP, counted across those routes.
     */
    limitUploadsPerIp: AttemptLimitHook;
  }
}

export default fp(
  async (app) => {
    const { db, storage, config, mailer, passwordHasher } = app;
    const publicPages = new PublicPageCache({
      loadVerification: (code) => loadPublicVerification(db, code),
      loadTemplate: (id) => loadPublicTemplate(db, id),
    });
    const webhooks = buildWebhookServices({ db, queue: app.queue, mailer, config });
    const scanRecorder = new ScanRecorder({
      write: async (scans) => {
        await recordScans(db, scans);
        // The views are stored: a failure here must not have the recorder write them twice.
        await webhooks
          .scansRecorded(scans)
          .catch((error: unknown) =>
            app.log.error({ err: error }, 'Could not plan verification.scanned events'),
          );
      },
      onError: (error, waiting) =>
        app.log.error({ err: error, waiting }, 'Could not store page views; retrying'),
    });
    const securing = createSecuringPool({
      workers: config.SECURING_WORKERS,
      timeoutSeconds: config.SECURING_TIMEOUT_SECONDS,
      queueLength: config.SECURING_QUEUE_LENGTH,
      pdfLimits: {
        maxPages: config.PDF_MAX_PAGES,
        maxObjects: config.PDF_MAX_OBJECTS,
        maxInflatedBytes: config.PDF_MAX_INFLATED_BYTES,
      },
    });
    app.decorate('scanRecorder', scanRecorder);
    app.decorate(
      'limitUploadsPerIp',
      app.limitAttempts({ max: config.RATE_LIMIT_UPLOADS_PER_IP, key: (request) => request.ip }),
    );
    app.decorate('services', {
      auth: buildAuthServices({ db, mailer, passwordHasher, config }),
      verifications: buildVerificationServices({
        db,
        storage,
        publicPages,
        scanRecorder,
        securing,
        webhooks,
        config,
      }),
      templates: buildTemplateServices({ db, storage, publicPages }),
      uploads: buildUploadServices({ storage, securing, config }),
      publicPages: buildPublicPageServices({ publicPages, scanRecorder, storage }),
      team: buildTeamServices({ db, mailer, config }),
      bulk: buildBulkServices({
        db,
        storage,
        publicPages,
        securing,
        queue: app.queue,
        webhooks,
        config,
      }),
      apiKeys: buildApiKeyServices({ db, config }),
      webhooks,
      customDomains: buildCustomDomainServices({ db, queue: app.queue, mailer, config }),
    });
    // Before the app serves: files a crash left without their row (see remove-orphaned-verification-files.ts).
    app.addHook('onReady', async () => {
      // Webhooks first: bulk jobs emit events onto their queue.
      await webhooks.startWorking(app.log);
      await app.services.bulk.startWorking(app.log);
      await app.services.customDomains.startWorking(app.log);
      const orphans = await removeOrphanedVerificationFiles({ db, storage });
      if (orphans.length > 0) app.log.warn({ ids: orphans }, 'Removed files no verification names');
    });
    // Plugin onClose hooks run last-registered first: this one runs before the database closes.
    app.addHook('onClose', async () => {
      await scanRecorder.close();
      await app.services.bulk.close();
      await webhooks.close();
      await securing.close();
    });
  },
  {
    name: 'services',
    dependencies: ['config', 'db', 'queue', 'storage', 'mail', 'password-hasher', 'rate-limit'],
  },
);
