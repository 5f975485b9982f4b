// The scan analytics services, built once (see plugins/services.ts): what a scan keeps of its request, the roll-up
// job on the queue (on a schedule, and once shortly after scans are written: it expires the scan details and runs
// the unusual-activity rule with its mail and webhook event), and the dashboard's read. See docs/analytics.md.
import type { ScanAnalytics, scanAnalyticsQuerySchema } from '@common/analytics-schemas';
import { isoDate } from '@common/verifications';

import { unusualActivityMail } from '../../mail/unusual-activity-mail';
import { getGeneratedSecret } from '../app-settings/get-generated-secret';
import { findOwnVerification } from '../verifications/find-own-verification';

import { evaluateUnusualActivity } from './evaluate-unusual-activity';
import { expireScanDetails } from './expire-scan-details';
import { getScanAnalytics } from './get-scan-analytics';
import { createScanFacts } from './scan-facts';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Queue, QueuePolicy } from '../../queue/queue';
import type { ScanRecorder } from '../verifications/scan-recorder';
import type { WebhookServices } from '../webhooks/webhook-services';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

export interface AnalyticsDeps {
  db: Kysely<Database>;
  queue: Queue;
  mailer: Mailer;
  webhooks: Pick<WebhookServices, 'emitVerificationEvent' | 'wake'>;
  /** This instance's tallied views, written before the rule reads them. */
  scanRecorder: Pick<ScanRecorder, 'flush'>;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'ANALYTICS_ROLLUP_INTERVAL_SECONDS'
    | 'UNUSUAL_SCAN_VISITORS'
    | 'UNUSUAL_SCAN_WINDOW_MINUTES'
    | 'UNUSUAL_REVOKED_SCAN_VISITORS'
  >;
}

interface Log {
  error(details: object, message: string): void;
}

export const ROLLUP_QUEUE = 'scan-rollup';
// One roll-up at a time, and one waiting: every send while one waits is the same work, so it is dropped.
const ROLLUP_KEY = 'rollup';
/** Scans written now are rolled up this soon: a burst of batches makes one job. */
const ROLLUP_AFTER_SCANS_SECONDS = 5;

export async function buildAnalyticsServices(deps: AnalyticsDeps) {
  const { db, queue, config } = deps;
  const describeScan = createScanFacts(await getGeneratedSecret(db, 'scan_visitor_secret'));
  let log: Log = { error: () => undefined };
  let schedule: NodeJS.Timeout | undefined;

  const policy: QueuePolicy = {
    policy: 'stately',
    expireInSeconds: 300,
    retryLimit: 3,
    retryDelay: 30,
  };

  /** Tells the owner of each newly flagged verification, once: the claim, the webhook event, then the mail. */
  async function notifyOwner(flagged: { id: string; accountId: string }): Promise<void> {
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('verifications as v')
        .from('users as u')
        .set({ unusual_notified_at: new Date() })
        .whereRef('u.id', '=', 'v.user_id')
        .where('v.id', '=', flagged.id)
        .where('v.unusual_since', 'is not', null)
        .where('v.unusual_notified_at', 'is', null)
        .returning(['u.email', 'v.title', 'v.holder_name', 'v.code', 'v.unusual_reason'])
        .executeTakeFirst();
      if (row) {
        await deps.webhooks.emitVerificationEvent(
          trx,
          flagged.accountId,
          'verification.unusual_activity',
          flagged.id,
        );
      }
      return row;
    });
    if (!claimed) return;
    deps.webhooks.wake();
    const message = unusualActivityMail(
      claimed.email,
      { ...claimed, reason: claimed.unusual_reason ?? '' },
      `${config.PUBLIC_URL.replace(/\/+$/, '')}/`,
    );
    // The flag stands either way; the mail is not sent twice for it.
    await deps.mailer.send(message).catch((error: unknown) => {
      log.error(
        { err: error, verification: flagged.id },
        'Could not mail the unusual-activity notice',
      );
    });
  }

  /**
   * The job: writes this instance's waiting views (the others write theirs every few seconds), expires what the
   * tallies keep beyond the daily figures, then runs the unusual-activity rule and tells the owners of new flags.
   */
  async function rollUp(now = new Date()): Promise<void> {
    await deps.scanRecorder.flush(now);
    await expireScanDetails(db, now);
    for (const flagged of await evaluateUnusualActivity(db, config, now)) {
      await notifyOwner(flagged);
    }
  }

  const sendRollUp = (startAfterSeconds?: number) =>
    queue.send(ROLLUP_QUEUE, {}, { singletonKey: ROLLUP_KEY, startAfterSeconds });

  return {
    describeScan,

    /** Defines the queue, works it, and schedules the roll-up; the app calls this once it is ready. */
    async startWorking(appLog: Log) {
      log = appLog;
      await queue.define(ROLLUP_QUEUE, policy);
      await queue.work(ROLLUP_QUEUE, () => rollUp());
      // The queue has no cron here: each instance asks every interval, and the singleton key keeps it one job.
      schedule = setInterval(() => {
        sendRollUp().catch((error: unknown) =>
          log.error({ err: error }, 'Could not schedule the scan roll-up'),
        );
      }, config.ANALYTICS_ROLLUP_INTERVAL_SECONDS * 1000);
      schedule.unref();
    },
    close() {
      clearInterval(schedule);
    },

    /** A batch of scans was written (scan-recorder.ts): run the rule on them shortly. */
    async scansRecorded(): Promise<void> {
      await sendRollUp(ROLLUP_AFTER_SCANS_SECONDS);
    },

    /** The roll-up and the rule, now (the job's work; tests and operators call it directly). */
    rollUp,

    async getScans(
      accountId: string,
      query: z.output<typeof scanAnalyticsQuerySchema>,
    ): Promise<ScanAnalytics> {
      // Another account's verification, or no verification id at all, is the same 404.
      const verificationId = query.verification_id
        ? (await findOwnVerification(db, accountId, query.verification_id)).id
        : undefined;
      return getScanAnalytics(db, { accountId, verificationId }, query.days, isoDate());
    },
  };
}

export type AnalyticsServices = Awaited<ReturnType<typeof buildAnalyticsServices>>;
