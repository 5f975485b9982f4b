// The webhook services, built once with their dependencies (see plugins/services.ts): the endpoints' management
// for the routes, the events other services emit (inside their own transactions, then wake()), and the queue
// workers that deliver them.
import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhook,
  type DeliveryListQuery,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEvent,
  type WebhookList,
} from '@common/integrations-schemas';

import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { deliverWebhook, type DeliveryLog } from './deliver-webhook';
import { bulkOperationEventData, verificationEventData } from './event-data';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import { emitWebhookEvent, recordDeliveries, type DeliveryJob } from './record-deliveries';
import { updateWebhook } from './update-webhook';
import { DELIVERY_QUEUE, SCAN_EVENT_QUEUE, type WebhookDeps } from './webhook-deps';
import { webhookDisabled } from './webhook-errors';
import { findOwnDelivery, findOwnEndpoint, toDelivery, toWebhook } from './webhook-rows';
import { claimScanEvent, planScanEvents } from './webhook-scans';

import type { Database } from '../../db/schema';
import type { QueuePolicy } from '../../queue/queue';
import type { Actor } from '../team/actor';
import type { Transaction } from 'kysely';

export type { WebhookDeps } from './webhook-deps';

/** Deliveries in flight at once in this process: a slow receiver must not hold up every other one. */
const DELIVERY_WORKERS = 4;

export function buildWebhookServices(deps: WebhookDeps) {
  const { db, queue, config } = deps;
  // The job outlives one attempt's time limit only when its process died: then it is made again. HTTP failures are
  // retried by the delivery's own schedule (deliver-webhook.ts); the queue's retries are for the server's errors.
  const deliveryPolicy: QueuePolicy = {
    expireInSeconds: config.WEBHOOK_TIMEOUT_SECONDS + 30,
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
  };
  const scanPolicy: QueuePolicy = {
    policy: 'short',
    expireInSeconds: 60,
    retryLimit: 3,
    retryDelay: 10,
  };

  const wake = () => queue.wake(DELIVERY_QUEUE);

  async function endpointForNewDelivery(accountId: string, id: string) {
    const endpoint = await findOwnEndpoint(db, accountId, id);
    if (!endpoint.enabled) throw webhookDisabled();
    return endpoint;
  }

  async function sendScanEvent(verificationId: string): Promise<void> {
    const retryIn = await db.transaction().execute(async (trx) => {
      const verification = await trx
        .selectFrom('verifications')
        .select('user_id')
        .where('id', '=', verificationId)
        .executeTakeFirst();
      if (!verification) return null;
      const claim = await claimScanEvent(trx, verificationId);
      if (!claim.claimed) return claim.retryIn;
      const accountId = verification.user_id;
      await emitWebhookEvent(deps, trx, accountId, 'verification.scanned', () =>
        verificationEventData(trx, config.PUBLIC_URL, accountId, verificationId),
      );
      return null;
    });
    if (retryIn === null) wake();
    else {
      await queue.send(
        SCAN_EVENT_QUEUE,
        { id: verificationId },
        { singletonKey: verificationId, startAfterSeconds: retryIn },
      );
    }
  }

  return {
    /** Defines the queues and starts working them; the app calls this once it is ready. */
    async startWorking(log: DeliveryLog) {
      await queue.define(DELIVERY_QUEUE, deliveryPolicy);
      await queue.define(SCAN_EVENT_QUEUE, scanPolicy);
      for (let worker = 0; worker < DELIVERY_WORKERS; worker += 1) {
        await queue.work<DeliveryJob>(DELIVERY_QUEUE, ({ data }) =>
          deliverWebhook(deps, data, log),
        );
      }
      await queue.work<{ id: string }>(SCAN_EVENT_QUEUE, ({ data }) => sendScanEvent(data.id));
    },
    /** Nothing is held between jobs; the queue itself waits for running attempts when the app closes. */
    async close() {},

    // ---- events, as other services emit them ----------------------------------------------------------------

    /** Records the verification's event in trx for each endpoint that listens; call wake() after the commit. */
    emitVerificationEvent(
      trx: Transaction<Database>,
      accountId: string,
      type: Exclude<WebhookEvent, 'bulk_operation.completed'>,
      verificationId: string,
    ): Promise<void> {
      return emitWebhookEvent(deps, trx, accountId, type, () =>
        verificationEventData(trx, config.PUBLIC_URL, accountId, verificationId),
      );
    },
    /** `bulk_operation.completed`, as emitVerificationEvent. */
    emitBulkOperationCompleted(
      trx: Transaction<Database>,
      accountId: string,
      operationId: string,
    ): Promise<void> {
      return emitWebhookEvent(deps, trx, accountId, 'bulk_operation.completed', () =>
        bulkOperationEventData(trx, accountId, operationId),
      );
    },
    /** Has the delivery workers look for new deliveries now (after a transaction that emitted commits). */
    wake,
    /** A batch of page views was written: plans their `verification.scanned` events (scan-recorder.ts). */
    scansRecorded: (verificationIds: string[]) => planScanEvents(deps, verificationIds),

    // ---- the endpoints, as the routes manage them -----------------------------------------------------------

    async list(accountId: string): Promise<WebhookList> {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { count: rows.length, results: rows.map(toWebhook) };
    },
    async find(accountId: string, id: string): Promise<Webhook> {
      return toWebhook(await findOwnEndpoint(db, accountId, id));
    },
    create: (actor: Actor, input: CreateWebhook) => createWebhook(deps, actor, input),
    update: (actor: Actor, id: string, changes: UpdateWebhook) =>
      updateWebhook(deps, actor, id, changes),
    remove: (actor: Actor, id: string) => deleteWebhook(deps, actor, id),

    listDeliveries(
      accountId: string,
      endpointId: string,
      query: DeliveryListQuery,
    ): Promise<WebhookDeliveryPage> {
      return listWebhookDeliveries(db, accountId, endpointId, query);
    },

    /** A new attempt of the delivery, now, with the same message id. */
    async redeliver(accountId: string, endpointId: string, id: string): Promise<WebhookDelivery> {
      await endpointForNewDelivery(accountId, endpointId);
      const delivery = await findOwnDelivery(db, accountId, endpointId, id);
      await queue.send(DELIVERY_QUEUE, {
        id: delivery.id,
        attempt: delivery.attempt + 1,
        manual: true,
      } satisfies DeliveryJob);
      return toDelivery(delivery);
    },

    /** A `webhook.test` event to this endpoint alone, whatever it listens to. */
    async sendTest(accountId: string, endpointId: string): Promise<WebhookDelivery> {
      const endpoint = await endpointForNewDelivery(accountId, endpointId);
      const [id] = await db.transaction().execute((trx) =>
        recordDeliveries(deps, trx, [endpoint.id], WEBHOOK_TEST_EVENT, {
          webhook_id: endpoint.id,
          message: 'A test event from QR Verify: your endpoint receives and can verify deliveries.',
        }),
      );
      wake();
      const delivery = await findOwnDelivery(db, accountId, endpointId, id);
      return toDelivery(delivery);
    },
  };
}

export type WebhookServices = ReturnType<typeof buildWebhookServices>;
