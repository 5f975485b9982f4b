// Replaces the account's active seal key: it is retired (its seals keep verifying: the trust list keeps it) and a
// new one signs from now on. An account without a key gets its first. Under the account lock, so two rotations
// at once retire one key each in turn rather than failing on the one-active-key index.
import type { SealKey } from '@common/seals-schemas';

import { lockAccount } from '../../db/lock-account';
import { recordAudit } from '../team/record-audit';

import { toSealKey } from './list-seal-keys';
import { insertSealKey } from './seal-key-rows';

import type { Actor } from '../team/actor';
import type { SealDeps } from './seal-deps';

export async function rotateSealKey(deps: SealDeps, actor: Actor): Promise<SealKey> {
  const created = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    const retired = await trx
      .updateTable('seal_keys')
      .set({ status: 'retired', retired_at: new Date() })
      .where('account_id', '=', actor.accountId)
      .where('status', '=', 'active')
      .returning('kid')
      .executeTakeFirst();
    const key = await insertSealKey(trx, deps.masterKey, actor.accountId);
    if (!key) throw new Error('The account still has an active seal key after retiring it');
    await recordAudit(trx, actor, {
      action: 'seal_key.rotated',
      object: {
        type: 'seal_key',
        id: key.kid,
        name: retired ? `${retired.kid} → ${key.kid}` : key.kid,
      },
    });
    await deps.publicPages.publish(trx, { type: 'seal-keys-changed' });
    return key;
  });
  await deps.publicPages.apply({ type: 'seal-keys-changed' });
  return toSealKey(created, 0);
}
