// Changes an endpoint. Turning it on clears why the server turned it off; rotate_secret issues a new secret and
// keeps the current one signing beside it for PREVIOUS_SECRET_HOURS, so receivers can switch over without losing
// a delivery.
import type { UpdateWebhook, Webhook } from '@common/integrations-schemas';

import { recordAudit } from '../team/record-audit';

import { PREVIOUS_SECRET_HOURS } from './webhook-deps';
import { findOwnEndpoint, toWebhook } from './webhook-rows';
import { newWebhookSecret } from './webhook-secret';
import { checkWebhookUrl } from './webhook-url';

import type { Database } from '../../db/schema';
import type { Actor } from '../team/actor';
import type { WebhookDeps } from './webhook-deps';
import type { Updateable } from 'kysely';

export async function updateWebhook(
  { db, config }: Pick<WebhookDeps, 'db' | 'config'>,
  actor: Actor,
  id: string,
  { rotate_secret: rotateSecret, ...changes }: UpdateWebhook,
): Promise<Webhook> {
  const current = await findOwnEndpoint(db, actor.accountId, id);
  if (changes.url !== undefined) checkWebhookUrl(changes.url, config);
  const set: Updateable<Database['webhook_endpoints']> = {
    ...(changes.url !== undefined && { url: changes.url }),
    ...(changes.description !== undefined && { description: changes.description }),
    ...(changes.events !== undefined && { events: JSON.stringify(changes.events) }),
    ...(changes.enabled !== undefined && { enabled: changes.enabled, disabled_reason: null }),
  };
  const isChanged = Object.keys(set).length > 0;
  if (!isChanged && !rotateSecret) return toWebhook(current);
  if (rotateSecret) {
    set.secret = newWebhookSecret();
    set.previous_secret = current.secret;
    set.previous_secret_expires_at = new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3_600_000);
  }
  set.updated_at = new Date();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set(set)
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const object = { type: 'webhook', id: row.id, name: row.url } as const;
    if (isChanged) await recordAudit(trx, actor, { action: 'webhook.updated', object });
    if (rotateSecret) await recordAudit(trx, actor, { action: 'webhook.secret_rotated', object });
    return toWebhook(row);
  });
}
