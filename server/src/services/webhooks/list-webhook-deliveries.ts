// One page of an endpoint's deliveries, newest first.
import { sql } from 'kysely';

import type { DeliveryListQuery, WebhookDeliveryPage } from '@common/integrations-schemas';

import { findOwnEndpoint, toDelivery } from './webhook-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export async function listWebhookDeliveries(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
  { page, page_size }: DeliveryListQuery,
): Promise<WebhookDeliveryPage> {
  const endpoint = await findOwnEndpoint(db, accountId, endpointId);
  const { count } = await db
    .selectFrom('webhook_deliveries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('endpoint_id', '=', endpoint.id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpoint.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page_size)
    .offset((page - 1) * page_size)
    .execute();
  return { count, page, page_size, results: rows.map(toDelivery) };
}
