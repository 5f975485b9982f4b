// Revokes one of the account's seal keys from a time (now when not given): every seal it made at or after that
// time fails everywhere the trust list reaches; those made before keep verifying. A time in the past reaches back
// (a key known to be stolen since then); a future one is refused (rotating stops a key from now on). Times are
// kept to the minute, rounded down, as seals record when they were made. Revoking the active key makes a new one,
// so sealing goes on; revoking a revoked key again can only bring its time earlier.
import { sql } from 'kysely';

import type { RevokeSealKeyRequest, SealKey } from '@common/seals-schemas';

import { lockAccount } from '../../db/lock-account';
import { recordAudit } from '../team/record-audit';

import { toSealKey } from './list-seal-keys';
import { revocationInFuture, sealKeyNotFound } from './seal-key-errors';
import { insertSealKey } from './seal-key-rows';

import type { Actor } from '../team/actor';
import type { SealDeps } from './seal-deps';

const MINUTE_MS = 60_000;
// A client's clock a little ahead of ours is not a future revocation.
const CLOCK_SKEW_MS = 5 * MINUTE_MS;

function revocationTime(requested: string | undefined, now: Date): Date {
  const at = requested ? new Date(requested) : now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw revocationInFuture();
  const time = Math.min(at.getTime(), now.getTime());
  return new Date(Math.floor(time / MINUTE_MS) * MINUTE_MS);
}

export async function revokeSealKey(
  deps: SealDeps,
  actor: Actor,
  kid: string,
  request: RevokeSealKeyRequest,
): Promise<SealKey> {
  const revokedAt = revocationTime(request.revoked_at, new Date());
  const revoked = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, actor.accountId);
    const before = await trx
      .selectFrom('seal_keys')
      .select('status')
      .where('account_id', '=', actor.accountId)
      .where('kid', '=', kid)
      .executeTakeFirst();
    if (!before) throw sealKeyNotFound();
    const key = await trx
      .updateTable('seal_keys')
      .set({
        status: 'revoked',
        revoked_at: sql<Date>`least(revoked_at, ${revokedAt})`,
      })
      .where('account_id', '=', actor.accountId)
      .where('kid', '=', kid)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (before.status === 'active') await insertSealKey(trx, deps.masterKey, actor.accountId);
    await recordAudit(trx, actor, {
      action: 'seal_key.revoked',
      object: { type: 'seal_key', id: key.kid, name: key.kid },
    });
    const { count } = await trx
      .selectFrom('verifications')
      .select(sql<string>`count(*)`.as('count'))
      .where('user_id', '=', actor.accountId)
      .where('seal_kid', '=', kid)
      .executeTakeFirstOrThrow();
    await deps.publicPages.publish(trx, { type: 'seal-keys-changed' });
    return toSealKey(key, Number(count));
  });
  await deps.publicPages.apply({ type: 'seal-keys-changed' });
  return revoked;
}
