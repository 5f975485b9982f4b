// LISTEN on a Postgres server over a connection of its own (a pooled one would be handed to other queries), kept
// open for the life of the app: when it drops it is opened again, sooner at first and then less often. What
// was notified while it was away is lost, so `onListening` runs after every (re)connection for the caller to
// catch up (the public pages forget their cache).
import { Client } from 'pg';

export interface NotificationListenerOptions {
  url: string;
  channel: string;
  onNotification: (payload: string) => void;
  /** Runs once LISTEN is in place, after the first connection and after every reconnection. */
  onListening: () => void;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** Waits between attempts: the first, doubling up to the last. */
  retryMs?: { first: number; max: number };
  /** A connection that answers no query for this long is taken for dead (a silent network loss). */
  checkEveryMs?: number;
}

export interface NotificationListener {
  close(): Promise<void>;
}

const DEFAULT_RETRY_MS = { first: 250, max: 10_000 };
const DEFAULT_CHECK_EVERY_MS = 30_000;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Starts listening; resolves after the first attempt, connected or not (a failed one is retried in the
 * background, so a database that is away does not stop the app from starting).
 */
export async function listenForNotifications(
  options: NotificationListenerOptions,
): Promise<NotificationListener> {
  const { url, channel, log } = options;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const checkEveryMs = options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS;
  let client: Client | undefined;
  let isClosed = false;
  let hasFailed = false;
  let waitMs = retryMs.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;

  function dropConnection(error: unknown): void {
    const lost = client;
    if (!lost || isClosed) return;
    client = undefined;
    clearInterval(checkTimer);
    lost.removeAllListeners();
    // An error emitted after this (the socket closing) must not go unhandled.
    lost.on('error', () => undefined);
    void lost.end().catch(() => undefined);
    if (!hasFailed)
      log.error({ err: error, channel }, 'Lost the connection that listens; reconnecting');
    hasFailed = true;
    scheduleConnect();
  }

  function scheduleConnect(): void {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, waitMs);
    retryTimer.unref();
    waitMs = Math.min(waitMs * 2, retryMs.max);
  }

  async function connect(): Promise<void> {
    const next = new Client({ connectionString: url, query_timeout: checkEveryMs });
    next.on('error', (error) => dropConnection(error));
    next.on('end', () => dropConnection(new Error('The connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined)
        options.onNotification(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      if (client === next) dropConnection(error);
      else void next.end().catch(() => undefined);
      return;
    }
    if (isClosed || client !== next) return;
    if (hasFailed) log.info({ channel }, 'Listening again');
    hasFailed = false;
    waitMs = retryMs.first;
    checkTimer = setInterval(() => {
      next.query('select 1').catch((error: unknown) => {
        if (client === next) dropConnection(error);
      });
    }, checkEveryMs);
    checkTimer.unref();
    options.onListening();
  }

  await connect();
  return {
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
}
