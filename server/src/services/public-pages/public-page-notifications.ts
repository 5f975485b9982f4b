// Keeps the public-page caches of several instances on one Postgres in step. A writer publishes each change with
// pg_notify inside the transaction that makes it, so Postgres delivers it exactly when the write commits (never
// for a rollback); every instance listens on a connection of its own and applies what the others publish. After
// its listening connection was lost and opened again, an instance forgets its whole cache: what was published
// meanwhile never reached it.
// On embedded PGlite there is nothing to do: its data folder admits one process, which applies its own changes.
import { randomUUID } from 'node:crypto';

import { sql, type Kysely } from 'kysely';

import {
  listenForNotifications,
  type NotificationListener,
} from '../../db/listen-for-notifications';

import { readPayload, toPayloads } from './public-page-messages';

import type { Database } from '../../db/schema';
import type { PublicPageCache, PublicPageChange } from './public-page-cache';

export const PUBLIC_PAGE_CHANNEL = 'qrv_public_pages';

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PublicPageNotifications {
  /** Sends the changes to the other instances (PublicPageCache.publish). */
  publish(db: Kysely<Database>, changes: PublicPageChange[]): Promise<void>;
  /** Starts applying the other instances' changes to the cache; resolves once listening (or retrying). */
  listen(cache: PublicPageCache): Promise<void>;
  close(): Promise<void>;
}

export function createPublicPageNotifications({
  databaseUrl,
  log,
}: {
  /** The Postgres server's; null on PGlite, where changes stay in the one process. */
  databaseUrl: string | null;
  log: Log;
}): PublicPageNotifications {
  if (!databaseUrl) {
    return {
      publish: async () => undefined,
      listen: async () => undefined,
      close: async () => undefined,
    };
  }
  const instanceId = randomUUID();
  let listener: NotificationListener | undefined;

  function hear(cache: PublicPageCache, payload: string): void {
    const message = readPayload(payload);
    if (message?.from === instanceId) return;
    if (!message) {
      // From a newer version, say, during a rolling upgrade: what it touches is unknown, so everything goes.
      log.error(
        { payload: payload.slice(0, 200) },
        'Unreadable public page change; forgetting all',
      );
      cache.flush();
      return;
    }
    cache.apply(message.change, 'elsewhere').catch((error: unknown) => {
      log.error(
        { err: error, change: message.change.type },
        'Could not apply a public page change',
      );
    });
  }

  return {
    async publish(db, changes) {
      const payloads = changes.flatMap((change) => toPayloads(instanceId, change));
      if (payloads.length === 0) return;
      // One round trip for them all, however many.
      await sql`select pg_notify(${PUBLIC_PAGE_CHANNEL}, payload)
        from unnest(${payloads}::text[]) as payload`.execute(db);
    },
    async listen(cache) {
      listener = await listenForNotifications({
        url: databaseUrl,
        channel: PUBLIC_PAGE_CHANNEL,
        onNotification: (payload) => hear(cache, payload),
        onListening: () => cache.flush(),
        log,
      });
    },
    async close() {
      await listener?.close();
    },
  };
}
