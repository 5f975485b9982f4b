// Adds an endpoint to the actor's account, with a new signing secret, within the account's limit.
import { INTEGRATION_LIMITS, type CreateWebhook, type Webhook } from '@common/integrations-schemas';

import { lockAccount } from '../../db/lock-account';
import { recordAudit } from '../team/record-audit';

import { tooManyWebhooks } from './webhook-errors';
import { toWebhook } from './webhook-rows';
import { newWebhookSecret } from './webhook-secret';
import { checkWebhookUrl } from './webhook-url';

import type { Actor } from '../team/actor';
import type { WebhookDeps } from './webhook-deps';

export async function createWebhook(
  { db, config, planLimits }: Pick<WebhookDeps, 'db' | 'config' | 'planLimits'>,
  actor: Actor,
  input: CreateWebhook,
): Promise<Webhook> {
  checkWebhookUrl(input.url, config);
  return db.transaction().execute(async (trx) => {
    await planLimits.requireFeature(trx, actor.accountId, 'api_access');
    await lockAccount(trx, actor.accountId);
    const { count } = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('account_id', '=', actor.accountId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= INTEGRATION_LIMITS.webhooks) throw tooManyWebhooks();
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        account_id: actor.accountId,
        created_by: actor.id,
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        secret: newWebhookSecret(),
        previous_secret: null,
        previous_secret_expires_at: null,
        disabled_reason: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'webhook.created',
      object: { type: 'webhook', id: row.id, name: row.url },
    });
    return toWebhook(row);
  });
}
