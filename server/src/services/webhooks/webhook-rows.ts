// Reading an account's endpoints and their deliveries, and the mapping of their rows to the API's shapes.
import type { Webhook, WebhookDelivery } from '@common/integrations-schemas';

import { isUuid } from '../../lib/uuid';

import { deliveryNotFound, webhookNotFound } from './webhook-errors';

import type { Database } from '../../db/schema';
import type { Kysely, Selectable } from 'kysely';

export type EndpointRow = Selectable<Database['webhook_endpoints']>;
export type DeliveryRow = Selectable<Database['webhook_deliveries']>;

export function toWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    secret: row.secret,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event: row.event_type,
    status: row.status,
    attempt: row.attempt,
    response_status: row.response_status,
    response_excerpt: row.response_excerpt,
    duration_ms: row.duration_ms,
    next_retry_at: row.next_retry_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
  };
}

/** The account's endpoint; another account's (or no such id) is a 404. */
export async function findOwnEndpoint(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<EndpointRow> {
  const row = isUuid(id)
    ? await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw webhookNotFound();
  return row;
}

/** One delivery of the account's endpoint. */
export async function findOwnDelivery(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow> {
  const endpoint = await findOwnEndpoint(db, accountId, endpointId);
  const row = isUuid(id)
    ? await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw deliveryNotFound();
  return row;
}
