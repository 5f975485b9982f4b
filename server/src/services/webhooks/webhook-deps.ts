// What the webhook services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { AppMetrics } from '../../lib/app-metrics';
import type { Mailer } from '../../mail/mailer';
import type { Queue } from '../../queue/queue';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Kysely } from 'kysely';

export interface WebhookDeps {
  db: Kysely<Database>;
  queue: Queue;
  mailer: Mailer;
  /** The account's plan: webhooks need API access. */
  planLimits: PlanLimitChecks;
  /** Attempts are counted by outcome. */
  metrics: Pick<AppMetrics, 'webhookDeliveries'>;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'WEBHOOK_RETRY_SCHEDULE'
    | 'WEBHOOK_TIMEOUT_SECONDS'
    | 'WEBHOOKS_ALLOW_HTTP'
    | 'WEBHOOKS_ALLOW_LOCAL_URLS'
  >;
}

/** Every attempt to send a delivery is a job here. */
export const DELIVERY_QUEUE = 'webhook-deliveries';

/** A verification's views wait here until its next `verification.scanned` event may go. */
export const SCAN_EVENT_QUEUE = 'webhook-scan-events';

/** At most one `verification.scanned` event per verification in this long. */
export const SCAN_EVENT_INTERVAL_SECONDS = 60;

/** After a rotation, the previous secret keeps signing for this long. */
export const PREVIOUS_SECRET_HOURS = 24;
