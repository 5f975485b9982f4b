// Revokes one of the account's live keys: from this moment it authenticates nothing. The row stays (see the
// migration), so the audit log still names it.
import { isUuid } from '../../lib/uuid';
import { recordAudit } from '../team/record-audit';

import { apiKeyNotFound } from './api-key-errors';

import type { Database } from '../../db/schema';
import type { Actor } from '../team/actor';
import type { Kysely } from 'kysely';

export async function revokeApiKey(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw apiKeyNotFound();
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('account_id', '=', actor.accountId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!revoked) throw apiKeyNotFound();
    await recordAudit(trx, actor, {
      action: 'api_key.revoked',
      object: { type: 'api_key', id: revoked.id, name: revoked.name },
    });
  });
}
