// An event becomes one delivery per endpoint, each with its own message id and a job for its first attempt. It is
// written in the caller's transaction, so an event is sent exactly when the change it tells of commits; the
// caller wakes the delivery workers once it has (webhook-services.ts: wake).
import { sql, type Transaction } from 'kysely';

import type { DeliveredEvent, WebhookEvent } from '@common/integrations-schemas';

import { DELIVERY_QUEUE, type WebhookDeps } from './webhook-deps';
import { newMessageId } from './webhook-secret';

import type { Database } from '../../db/schema';

/** What a delivery job carries: which delivery, and which attempt it is to make (a repeat finds it made). */
export interface DeliveryJob {
  id: string;
  attempt: number;
  /** Asked for by a user (redeliver): its failure ends the delivery without retries or turning anything off. */
  manual?: boolean;
}

/** The event's body: `{type, timestamp, data}`, stored as sent so every attempt sends the same bytes. */
function eventPayload(type: DeliveredEvent, data: object): string {
  return JSON.stringify({ type, timestamp: new Date().toISOString(), data });
}

export async function recordDeliveries(
  { queue }: Pick<WebhookDeps, 'queue'>,
  trx: Transaction<Database>,
  endpointIds: string[],
  type: DeliveredEvent,
  data: object,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const payload = eventPayload(type, data);
  const rows = await trx
    .insertInto('webhook_deliveries')
    .values(
      endpointIds.map((endpointId) => ({
        endpoint_id: endpointId,
        message_id: newMessageId(),
        event_type: type,
        payload,
      })),
    )
    .returning('id')
    .execute();
  for (const { id } of rows) {
    await queue.send(DELIVERY_QUEUE, { id, attempt: 1 } satisfies DeliveryJob, { trx });
  }
  return rows.map((row) => row.id);
}

/** The account's enabled endpoints subscribed to the event. */
export async function subscribedEndpoints(
  trx: Transaction<Database>,
  accountId: string,
  type: WebhookEvent,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('account_id', '=', accountId)
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Records the event for every enabled endpoint of the account subscribed to it. `data` is read only when there
 * is one (in the same transaction, so it is the object as the change left it); null: nothing to tell.
 */
export async function emitWebhookEvent(
  deps: Pick<WebhookDeps, 'queue'>,
  trx: Transaction<Database>,
  accountId: string,
  type: WebhookEvent,
  data: () => Promise<object | null>,
): Promise<void> {
  const endpointIds = await subscribedEndpoints(trx, accountId, type);
  if (endpointIds.length === 0) return;
  const object = await data();
  if (object) await recordDeliveries(deps, trx, endpointIds, type, object);
}
