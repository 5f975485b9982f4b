// 'Delete account' as handlers and the queue call it: the request, its cancellation within the grace period, and
// the purge job the request queues for the day the period ends. Built once by the services plugin.
import { purgeAccount, type PurgeDeps } from './purge-account';
import { requestAccountDeletion, restoreAccount } from './request-account-deletion';

import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import type { QueuePolicy, Queue } from '../../queue/queue';
import type { FastifyBaseLogger } from 'fastify';

export const ACCOUNT_PURGE_QUEUE = 'account-purge';

// 'short': at most one queued purge per account (its singletonKey), so asking twice queues one job.
const policy: QueuePolicy = {
  policy: 'short',
  expireInSeconds: 60 * 60,
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
};

const SECONDS_PER_MS = 1 / 1000;

export function buildAccountDeletionServices(
  deps: PurgeDeps & {
    queue: Queue;
    mailer: Mailer;
    config: Pick<Config, 'ACCOUNT_DELETION_GRACE_DAYS' | 'PUBLIC_URL'>;
  },
) {
  const { db, queue } = deps;
  let log: FastifyBaseLogger | undefined;

  const sendPurge = (accountId: string, at: Date, trx?: Parameters<typeof queue.send>[2]) =>
    queue.send(
      ACCOUNT_PURGE_QUEUE,
      { account_id: accountId },
      {
        ...trx,
        singletonKey: accountId,
        startAfterSeconds: Math.max(1, Math.ceil((at.getTime() - Date.now()) * SECONDS_PER_MS)),
      },
    );

  async function purge(accountId: string) {
    const outcome = await purgeAccount(deps, accountId);
    if (outcome === 'purged') log?.info({ accountId }, 'Purged a deleted account');
    // Cancelled and asked again since this job was queued: the purge moves to the new date.
    if (outcome === 'not-due') {
      const row = await db
        .selectFrom('users')
        .select('delete_after')
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (row?.delete_after) await sendPurge(accountId, row.delete_after);
    }
    return outcome;
  }

  return {
    /** Defines the queue and starts working it; the app calls this once it is ready. */
    async startWorking(appLog: FastifyBaseLogger) {
      log = appLog;
      await queue.define(ACCOUNT_PURGE_QUEUE, policy);
      await queue.work<{ account_id: string }>(ACCOUNT_PURGE_QUEUE, ({ data }) =>
        purge(data.account_id),
      );
    },
    /** When the account's data goes (now, for a shared user). */
    requestDeletion: (userId: string, email: string) =>
      requestAccountDeletion(
        {
          ...deps,
          schedulePurge: async (trx, accountId, at) => {
            await sendPurge(accountId, at, { trx });
          },
          onMailError: (error) =>
            log?.error({ err: error, userId }, 'Could not mail the account deletion notice'),
        },
        userId,
        email,
      ),
    restore: (userId: string) => restoreAccount(db, userId),
    /** What the queued job does; tests call it directly. */
    purge,
  };
}

export type AccountDeletionServices = ReturnType<typeof buildAccountDeletionServices>;
