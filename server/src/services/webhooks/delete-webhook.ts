// Deletes an endpoint and its deliveries; jobs still queued for them find nothing to send.
import { recordAudit } from '../team/record-audit';

import { webhookNotFound } from './webhook-errors';
import { findOwnEndpoint } from './webhook-rows';

import type { Actor } from '../team/actor';
import type { WebhookDeps } from './webhook-deps';

export async function deleteWebhook(
  { db }: Pick<WebhookDeps, 'db'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const endpoint = await findOwnEndpoint(db, actor.accountId, id);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('webhook_endpoints')
      .where('id', '=', endpoint.id)
      .where('account_id', '=', actor.accountId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw webhookNotFound();
    await recordAudit(trx, actor, {
      action: 'webhook.deleted',
      object: { type: 'webhook', id: endpoint.id, name: endpoint.url },
    });
  });
}
