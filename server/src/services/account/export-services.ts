// 'Download my data': the owner asks (one pending export per account at a time), a queue job writes the zip into
// storage (export-zip.ts), then stores a download token as its SHA-256 and mails the link, which works for 24
// hours; a second job, due when the link expires, removes the zip. The token is the download's only credential.
import { ACCOUNT_EXPORT_LINK_HOURS, type AccountExport } from '@common/account-export-schemas';

import { AppError, notFoundError } from '../../lib/app-error';
import { randomToken } from '../../lib/random-token';
import { sha256 } from '../../lib/sha256';
import { accountExportMail } from '../../mail/account-export-mail';

import { writeExportZip } from './export-zip';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Queue, QueuePolicy } from '../../queue/queue';
import type { Storage } from '../../storage/storage';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Kysely } from 'kysely';

export interface AccountExportDeps {
  db: Kysely<Database>;
  storage: Storage;
  queue: Queue;
  mailer: Mailer;
  config: Config;
  planLimits: PlanLimitChecks;
}

interface Log {
  error(details: object, message: string): void;
}

export const ACCOUNT_EXPORT_QUEUE = 'account-export';
export const ACCOUNT_EXPORT_CLEANUP_QUEUE = 'account-export-cleanup';

const LINK_MS = ACCOUNT_EXPORT_LINK_HOURS * 3600_000;
// A large account's zip takes a while; a job that died is retried after this long.
const BUILD_POLICY: QueuePolicy = { expireInSeconds: 3600, retryLimit: 2, retryDelay: 60 };
// Past every try of its job: an export still pending this long was lost (its process died on the last try), and
// must not keep its account from asking again.
const STALE_MS =
  (BUILD_POLICY.retryLimit + 1) * (BUILD_POLICY.expireInSeconds + BUILD_POLICY.retryDelay) * 1000;
const CLEANUP_POLICY: QueuePolicy = { expireInSeconds: 300, retryLimit: 5, retryDelay: 300 };
// A token is randomToken()'s: 32 bytes in base64url.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const EXPIRED_MESSAGE =
  'This download link has expired. Ask for a new export from your account.';

function exportExpired(): AppError {
  return new AppError({ statusCode: 410, code: 'export_expired', message: EXPIRED_MESSAGE });
}

function zipKey(id: string): string {
  return `account-exports/${id}.zip`;
}

interface ExportRow {
  id: string;
  status: AccountExport['status'];
  created_at: Date;
  expires_at: Date | null;
}

function staleBefore(): Date {
  return new Date(Date.now() - STALE_MS);
}

function toAccountExport(row: ExportRow, now = Date.now()): AccountExport {
  const isLost = row.status === 'pending' && row.created_at.getTime() <= now - STALE_MS;
  if (isLost) return toAccountExport({ ...row, status: 'failed' }, now);
  const hasExpired =
    row.status === 'ready' && row.expires_at !== null && row.expires_at.getTime() <= now;
  return {
    id: row.id,
    status: hasExpired ? 'expired' : row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

export function buildAccountExportServices(deps: AccountExportDeps) {
  const { db, queue, config } = deps;
  let log: Log = { error: () => undefined };

  async function build(exportId: string): Promise<void> {
    const row = await db
      .selectFrom('account_exports as e')
      .innerJoin('users as r', 'r.id', 'e.requested_by')
      .select(['e.id', 'e.account_id', 'e.status', 'r.email'])
      .where('e.id', '=', exportId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    const plan = await deps.planLimits.find(row.account_id);
    const key = zipKey(row.id);
    const size = await writeExportZip(deps, {
      accountId: row.account_id,
      plan: { id: plan.id, name: plan.name },
      key,
    });
    const token = randomToken();
    const expiresAt = new Date(Date.now() + LINK_MS);
    await db
      .updateTable('account_exports')
      .set({
        status: 'ready',
        storage_key: key,
        size,
        token_hash: sha256(token),
        finished_at: new Date(),
        expires_at: expiresAt,
      })
      .where('id', '=', row.id)
      .execute();
    await queue.send(
      ACCOUNT_EXPORT_CLEANUP_QUEUE,
      { export_id: row.id },
      { startAfterSeconds: LINK_MS / 1000 },
    );
    const link = `${config.PUBLIC_URL}/api/account/exports/${token}/`;
    await deps.mailer.send(accountExportMail(row.email, link, ACCOUNT_EXPORT_LINK_HOURS));
  }

  async function markFailed(exportId: string, error: unknown): Promise<void> {
    log.error({ err: error, exportId }, 'Could not build the data export');
    await db
      .updateTable('account_exports')
      .set({ status: 'failed', error: String(error), finished_at: new Date() })
      .where('id', '=', exportId)
      .where('status', '=', 'pending')
      .execute();
    await deps.storage.delete(zipKey(exportId));
  }

  /** The expired zip goes; the row stays, so the screen and the link can say it expired. */
  async function cleanUp(exportId: string): Promise<void> {
    await deps.storage.delete(zipKey(exportId));
    await db
      .updateTable('account_exports')
      .set({ status: 'expired', storage_key: null })
      .where('id', '=', exportId)
      .where('status', '=', 'ready')
      .execute();
  }

  async function latestRow(accountId: string): Promise<ExportRow | undefined> {
    return db
      .selectFrom('account_exports')
      .select(['id', 'status', 'created_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  return {
    /** Defines the queues and starts working them; the app calls this once it is ready. */
    async startWorking(appLog: Log) {
      log = appLog;
      await queue.define(ACCOUNT_EXPORT_QUEUE, BUILD_POLICY);
      await queue.define(ACCOUNT_EXPORT_CLEANUP_QUEUE, CLEANUP_POLICY);
      await queue.work<{ export_id: string }>(
        ACCOUNT_EXPORT_QUEUE,
        async ({ data, retryCount }) => {
          try {
            await build(data.export_id);
          } catch (error) {
            // The last try: the screen offers to ask again.
            if (retryCount >= BUILD_POLICY.retryLimit) return markFailed(data.export_id, error);
            throw error;
          }
        },
      );
      await queue.work<{ export_id: string }>(ACCOUNT_EXPORT_CLEANUP_QUEUE, ({ data }) =>
        cleanUp(data.export_id),
      );
    },

    /** A new pending export, or the one already pending: one at a time per account. */
    async request(accountId: string, userId: string): Promise<{ id: string; status: 'pending' }> {
      const { id, isNew } = await db.transaction().execute(async (trx) => {
        // The account's row is the lock two simultaneous requests wait on.
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', accountId)
          .forUpdate()
          .execute();
        await trx
          .updateTable('account_exports')
          .set({ status: 'failed', error: 'Lost: not built in time', finished_at: new Date() })
          .where('account_id', '=', accountId)
          .where('status', '=', 'pending')
          .where('created_at', '<=', staleBefore())
          .execute();
        const pending = await trx
          .selectFrom('account_exports')
          .select('id')
          .where('account_id', '=', accountId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (pending) return { id: pending.id, isNew: false };
        const created = await trx
          .insertInto('account_exports')
          .values({ account_id: accountId, requested_by: userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queue.send(ACCOUNT_EXPORT_QUEUE, { export_id: created.id }, { trx });
        return { id: created.id, isNew: true };
      });
      if (isNew) queue.wake(ACCOUNT_EXPORT_QUEUE);
      return { id, status: 'pending' };
    },

    /** The account's latest export, for the screen; null when it never asked. */
    async latest(accountId: string): Promise<AccountExport | null> {
      const row = await latestRow(accountId);
      return row ? toAccountExport(row) : null;
    },

    /** The zip a link's token opens: 404 for a token that opens none, 410 once the link has expired. */
    async download(token: string) {
      if (!TOKEN.test(token)) throw notFoundError();
      const row = await db
        .selectFrom('account_exports')
        .select(['status', 'storage_key', 'created_at', 'expires_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row) throw notFoundError();
      const isLive = row.expires_at !== null && row.expires_at.getTime() > Date.now();
      if (row.status !== 'ready' || !isLive || !row.storage_key) throw exportExpired();
      return {
        fileName: `qr-verify-export-${row.created_at.toISOString().slice(0, 10)}.zip`,
        stream: await deps.storage.getStream(row.storage_key),
      };
    },
  };
}

export type AccountExportServices = ReturnType<typeof buildAccountExportServices>;
