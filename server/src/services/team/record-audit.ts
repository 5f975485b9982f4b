// Every change on an account, by anyone working on it, is written here: in the same transaction as the change
// where there is one, so the log never tells of a change that did not happen.
import type { AuditAction, AuditObjectType } from '@common/team';

import type { Database } from '../../db/schema';
import type { Actor } from './actor';
import type { Kysely } from 'kysely';

export interface AuditedChange {
  action: AuditAction;
  object: { type: AuditObjectType; id: string; name: string };
}

/** Who changed it: a user, or (id null) the service's operator from a command. */
export type AuditActor = Omit<Actor, 'id'> & { id: string | null };

export async function recordAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  { action, object }: AuditedChange,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      account_id: actor.accountId,
      actor_id: actor.id,
      action,
      object_type: object.type,
      object_id: object.id,
      object_name: object.name,
    })
    .execute();
}
