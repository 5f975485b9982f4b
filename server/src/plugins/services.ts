// Builds the app's services once, from the database, storage, mail, password hasher and configuration, and decorates the app with them
// (app.services.<domain>): handlers call a service and answer. Also here, because the services share them: the
// securing worker pool, closed with the app; the public pages' cache, which every change reaches through its one
// apply(), here and (through Postgres notifications) on every other instance; and the scan recorder, which writes
// page views in batches and once more when the app closes, before the database does. And the per-IP limit on
// documents and logos sent: one count for every route taking a file.
// The webhook services come first: verifications, bulk operations and the scan recorder emit their events.
import fp from 'fastify-plugin';

import { createSecuringPool } from '../documents/securing-pool';
import { timeSecuring } from '../documents/time-securing';
import {
  buildAccountDeletionServices,
  type AccountDeletionServices,
} from '../services/account/account-deletion-services';
import { buildAccountServices, type AccountServices } from '../services/account/account-services';
import {
  buildAccountExportServices,
  type AccountExportServices,
} from '../services/account/export-services';
import {
  buildAnalyticsServices,
  type AnalyticsServices,
} from '../services/analytics/analytics-services';
import { buildApiKeyServices, type ApiKeyServices } from '../services/api-keys/api-key-services';
import { buildAuthServices, type AuthServices } from '../services/auth/auth-services';
import {
  buildSnapshotServices,
  type SnapshotServices,
} from '../services/backups/snapshot-services';
import { buildBulkServices, type BulkServices } from '../services/bulk/bulk-services';
import {
  buildCredentialServices,
  type CredentialServices,
} from '../services/credentials/credential-services';
import {
  buildCustomDomainServices,
  type CustomDomainServices,
} from '../services/custom-domains/custom-domain-services';
import {
  buildDocumentSigningServices,
  type DocumentSigningServices,
} from '../services/document-signing/document-signing-services';
import {
  buildSignatureUpgrades,
  type SignatureUpgrades,
} from '../services/document-signing/signature-upgrades';
import { loadPublicTemplate } from '../services/public-pages/load-public-template';
import { loadPublicVerification } from '../services/public-pages/load-public-verification';
import { PublicPageCache } from '../services/public-pages/public-page-cache';
import { createPublicPageNotifications } from '../services/public-pages/public-page-notifications';
import {
  buildPublicPageServices,
  type PublicPageServices,
} from '../services/public-pages/public-page-services';
import { buildTrustList } from '../services/seals/build-trust-list';
import { loadSealMasterKey } from '../services/seals/seal-master-key';
import { buildSealServices, type SealServices } from '../services/seals/seal-services';
import { buildPlanLimits, type PlanLimitChecks } from '../services/subscription/plan-limits';
import { seedDefaultPlans } from '../services/subscription/plan-rows';
import {
  buildSubscriptionServices,
  type SubscriptionServices,
} from '../services/subscription/subscription-services';
import { buildSupportServices, type SupportServices } from '../services/support/support-services';
import { buildTeamServices, type TeamServices } from '../services/team/team-services';
import {
  buildTemplateServices,
  type TemplateServices,
} from '../services/templates/template-services';
import { buildUploadServices, type UploadServices } from '../services/uploads/upload-services';
import { recordScans } from '../services/verifications/record-scans';
import { removeOrphanedVerificationFiles } from '../services/verifications/remove-orphaned-verification-files';
import { ScanRecorder } from '../services/verifications/scan-recorder';
import {
  buildVerificationServices,
  type VerificationServices,
} from '../services/verifications/verification-services';
import { buildWebhookServices, type WebhookServices } from '../services/webhooks/webhook-services';

import type { AttemptLimitHook } from './rate-limit';

export interface AppServices {
  auth: AuthServices;
  account: AccountServices;
  accountDeletion: AccountDeletionServices;
  accountExports: AccountExportServices;
  verifications: VerificationServices;
  templates: TemplateServices;
  uploads: UploadServices;
  publicPages: PublicPageServices;
  team: TeamServices;
  bulk: BulkServices;
  apiKeys: ApiKeyServices;
  webhooks: WebhookServices;
  customDomains: CustomDomainServices;
  subscription: SubscriptionServices;
  analytics: AnalyticsServices;
  snapshots: SnapshotServices;
  support: SupportServices;
  /** Sealed QR codes: the accounts' signing keys and the trust list (docs/seals.md). */
  seals: SealServices;
  documentSigning: DocumentSigningServices;
  /** Adds the timestamps a failing TSA left out (docs/signing.md). */
  signatureUpgrades: SignatureUpgrades;
  /** Verifiable credentials: the issuers' DID documents and revocation lists (docs/credentials.md). */
  credentials: CredentialServices;
  /** What each account's plan allows; the services doing the work check it (and auth, for API keys). */
  planLimits: PlanLimitChecks;
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
    const notifications = createPublicPageNotifications({
      databaseUrl: app.databaseUrl,
      log: app.log,
    });
    const publicPages = new PublicPageCache(
      {
        loadVerification: (code) => loadPublicVerification(db, code),
        loadTemplate: (id) => loadPublicTemplate(db, id),
        loadTrustList: () => buildTrustList(db, config),
      },
      notifications.publish,
    );
    const sealMasterKey = await loadSealMasterKey(config);
    if (sealMasterKey.file) {
      app.log.warn(
        { file: sealMasterKey.file },
        'SEAL_MASTER_KEY is not set: the seal keys are encrypted with a key generated in DATA_DIR. Set ' +
          'SEAL_MASTER_KEY when running several instances, and keep it with your backups (docs/seals.md).',
      );
    }
    const seals = buildSealServices({ db, masterKey: sealMasterKey.key, publicPages, config });
    const planLimits = buildPlanLimits({ db, config });
    await seedDefaultPlans(db);
    const webhooks = buildWebhookServices({
      db,
      queue: app.queue,
      mailer,
      config,
      planLimits,
      metrics: app.metrics,
    });
    const scanRecorder = new ScanRecorder({
      write: async (batch) => {
        await recordScans(db, batch);
        // The views are stored: a failure here must not have the recorder write them twice.
        await webhooks
          .scansRecorded(batch.days.map((day) => day.verificationId))
          .catch((error: unknown) =>
            app.log.error({ err: error }, 'Could not plan verification.scanned events'),
          );
        await analytics
          .scansRecorded()
          .catch((error: unknown) =>
            app.log.error({ err: error }, 'Could not plan the scan roll-up'),
          );
      },
      onError: (error, waiting) =>
        app.log.error({ err: error, waiting }, 'Could not store page views; retrying'),
    });
    const analytics = await buildAnalyticsServices({
      db,
      queue: app.queue,
      mailer,
      config,
      webhooks,
      scanRecorder,
    });
    const securingPool = createSecuringPool({
      workers: config.SECURING_WORKERS,
      timeoutSeconds: config.SECURING_TIMEOUT_SECONDS,
      queueLength: config.SECURING_QUEUE_LENGTH,
      pdfLimits: {
        maxPages: config.PDF_MAX_PAGES,
        maxObjects: config.PDF_MAX_OBJECTS,
        maxInflatedBytes: config.PDF_MAX_INFLATED_BYTES,
      },
    });
    const securing = timeSecuring(securingPool, app.metrics.securingDuration);
    const documentSigning = buildDocumentSigningServices({
      db,
      masterKey: sealMasterKey.key,
      config,
      securing,
      queue: app.queue,
      mailer,
    });
    const signatureUpgrades = buildSignatureUpgrades({
      db,
      queue: app.queue,
      storage,
      securing,
      documentSigning,
      publicPages,
      webhooks,
      config,
    });
    app.metrics.observePublicPageCache(publicPages);
    app.decorate('scanRecorder', scanRecorder);
    app.decorate(
      'limitUploadsPerIp',
      app.limitAttempts({
        name: 'uploads-per-ip',
        max: config.RATE_LIMIT_UPLOADS_PER_IP,
        key: (request) => request.ip,
      }),
    );
    app.decorate('services', {
      auth: buildAuthServices({ db, mailer, passwordHasher, config, publicPages }),
      account: buildAccountServices({ db, mailer, passwordHasher }),
      accountDeletion: buildAccountDeletionServices({
        db,
        storage,
        publicPages,
        queue: app.queue,
        mailer,
        config,
      }),
      accountExports: buildAccountExportServices({
        db,
        storage,
        queue: app.queue,
        mailer,
        config,
        planLimits,
      }),
      verifications: buildVerificationServices({
        db,
        storage,
        publicPages,
        scanRecorder,
        securing,
        webhooks,
        planLimits,
        seals,
        documentSigning,
        config,
      }),
      templates: buildTemplateServices({ db, storage, publicPages }),
      uploads: buildUploadServices({ storage, securing, config }),
      publicPages: buildPublicPageServices({
        db,
        publicPages,
        scanRecorder,
        storage,
        describeScan: analytics.describeScan,
      }),
      team: buildTeamServices({ db, mailer, config, planLimits }),
      bulk: buildBulkServices({
        db,
        storage,
        publicPages,
        securing,
        queue: app.queue,
        webhooks,
        planLimits,
        seals,
        documentSigning,
        config,
      }),
      apiKeys: buildApiKeyServices({ db, config, planLimits }),
      webhooks,
      customDomains: buildCustomDomainServices({
        db,
        queue: app.queue,
        mailer,
        config,
        planLimits,
        publicPages,
      }),
      subscription: buildSubscriptionServices({ db, config, planLimits }),
      analytics,
      snapshots: buildSnapshotServices({
        pgliteDir: app.pgliteDir,
        queue: app.queue,
        config,
      }),
      support: buildSupportServices({ db, mailer, config, planLimits }),
      seals,
      documentSigning,
      signatureUpgrades,
      credentials: buildCredentialServices({ db, seals, config }),
      planLimits,
    });
    // Before the app serves: files a crash left without their row (see remove-orphaned-verification-files.ts).
    app.addHook('onReady', async () => {
      // Before serving: other instances' changes are heard from the first request on.
      await notifications.listen(publicPages);
      // Webhooks first: bulk jobs emit events onto their queue.
      await webhooks.startWorking(app.log);
      await app.services.bulk.startWorking(app.log);
      await app.services.customDomains.startWorking(app.log);
      await app.services.accountDeletion.startWorking(app.log);
      await analytics.startWorking(app.log);
      await app.services.accountExports.startWorking(app.log);
      await app.services.snapshots.startWorking(app.log);
      await documentSigning.startWorking(app.log);
      await signatureUpgrades.startWorking(app.log);
      // Embedded PGlite is one process by construction: nobody else can be storing files right now.
      const minAgeSeconds =
        app.dbDriver === 'pglite' ? 0 : app.config.ORPHANED_FILES_MIN_AGE_SECONDS;
      const orphans = await removeOrphanedVerificationFiles({ db, storage }, minAgeSeconds * 1000);
      if (orphans.length > 0) app.log.warn({ ids: orphans }, 'Removed files no verification names');
    });
    // Plugin onClose hooks run last-registered first: this one runs before the database closes.
    app.addHook('onClose', async () => {
      await notifications.close();
      await scanRecorder.close();
      analytics.close();
      app.services.snapshots.close();
      documentSigning.close();
      signatureUpgrades.close();
      await app.services.bulk.close();
      await webhooks.close();
      await securing.close();
    });
  },
  {
    name: 'services',
    dependencies: [
      'config',
      'db',
      'queue',
      'storage',
      'mail',
      'password-hasher',
      'rate-limit',
      'metrics',
    ],
  },
);
