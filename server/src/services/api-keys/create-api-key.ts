// Issues a new API key for the actor's account. The key itself is answered this once: only its SHA-256 and its
// first characters are stored.
import { API_KEY_PREFIX } from '@common/integrations';
import {
  INTEGRATION_LIMITS,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@common/integrations-schemas';

import { lockAccount } from '../../db/lock-account';
import { randomToken } from '../../lib/random-token';
import { sha256 } from '../../lib/sha256';
import { recordAudit } from '../team/record-audit';

import { tooManyApiKeys } from './api-key-errors';

import type { Actor } from '../team/actor';
import type { ApiKeyDeps } from './api-key-deps';

/** How much of a key is kept to tell keys apart: `qrv_` and 8 of its 43 random characters (48 bits). */
export const API_KEY_SHOWN_LENGTH = 12;

export async function createApiKey(
  { db, planLimits }: Pick<ApiKeyDeps, 'db' | 'planLimits'>,
  actor: Actor,
  { name }: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomToken()}`;
  return db.transaction().execute(async (trx) => {
    await planLimits.requireFeature(trx, actor.accountId, 'api_access');
    await lockAccount(trx, actor.accountId);
    const { count } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('account_id', '=', actor.accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= INTEGRATION_LIMITS.api_keys) throw tooManyApiKeys();
    const row = await trx
      .insertInto('api_keys')
      .values({
        account_id: actor.accountId,
        created_by: actor.id,
        name,
        prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
        key_hash: sha256(key),
      })
      .returning(['id', 'name', 'prefix', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'api_key.created',
      object: { type: 'api_key', id: row.id, name: row.name },
    });
    return { ...row, key, created_at: row.created_at.toISOString() };
  });
}
