// 'Delete account': a shared user leaves at once (only their membership and their sign-in go; what they made stays
// the owner's, no longer naming them); an owner's account waits out the grace period, signed out everywhere, with a
// purge job queued for the day it ends.
import { CONFIRM_DELETION_MESSAGE } from '@common/account-deletion-schemas';

import { fieldError } from '../../lib/app-error';
import { accountDeletionMail } from '../../mail/account-deletion-mail';

import { endSessions } from './end-sessions';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Kysely, Transaction } from 'kysely';

export interface DeletionRequestDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'ACCOUNT_DELETION_GRACE_DAYS' | 'PUBLIC_URL'>;
  /** Queues the purge for when the grace period ends, inside the transaction that starts it. */
  schedulePurge: (trx: Transaction<Database>, accountId: string, at: Date) => Promise<void>;
  /** The account is already waiting (and signed out) when the notice cannot go: the answer stays a success. */
  onMailError: (error: unknown) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Answers when the account's data goes: now for a shared user, after the grace period for an owner. */
export async function requestAccountDeletion(
  deps: DeletionRequestDeps,
  userId: string,
  typedEmail: string,
): Promise<Date> {
  const { db } = deps;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'owner_id', 'delete_after'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw fieldError('email', CONFIRM_DELETION_MESSAGE);
  }
  if (user.owner_id) {
    // Their tokens and sessions go with the row (cascade); created_by on their records becomes null.
    await db.deleteFrom('users').where('id', '=', userId).execute();
    return new Date();
  }
  // Asked again while waiting: the date already given stands.
  const deleteAfter =
    user.delete_after ?? new Date(Date.now() + deps.config.ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ deletion_requested_at: new Date(), delete_after: deleteAfter })
      .where('id', '=', userId)
      .execute();
    await endSessions(trx, userId, { except: null }, 'revoked');
    await deps.schedulePurge(trx, userId, deleteAfter);
  });
  await deps.mailer
    .send(accountDeletionMail(user.email, deleteAfter, `${deps.config.PUBLIC_URL}/signin`))
    .catch(deps.onMailError);
  return deleteAfter;
}

/** Cancels a pending deletion; the queued purge then finds nothing to do. */
export async function restoreAccount(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ deletion_requested_at: null, delete_after: null })
    .where('id', '=', userId)
    .execute();
}
