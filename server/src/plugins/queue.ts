// The app's one way to do background work: pg-boss 10 (jobs in Postgres, on PGlite as on a server). A feature
// defines its queues with their retry policy, sends jobs (inside its own transaction when the job must exist
// exactly when the rows do), and works them. Work taken by a process that died is expired by maintenance after
// the queue's expireInSeconds and retried. See "Background work" in docs/architecture.md.
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

import { appBossDb, transactionBossDb } from '../queue/boss-db';

import type { Queue } from '../queue/queue';

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

const STOP_TIMEOUT_MS = 10_000;

// Postgres's code for a transaction it ended to break a deadlock: none of it happened, so it can simply run again.
const DEADLOCK_DETECTED = '40P01';
const DEFINE_ATTEMPTS = 5;

/**
 * Instances starting together on a new database define their queues at the same moment, and pg-boss makes each
 * queue a partition of its job table with foreign keys to its queue table: two such creations can deadlock.
 * Postgres ends one; run again, it finds the queue made by the other or makes it.
 */
async function retryOnDeadlock(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const isDeadlock = (error as { code?: string }).code === DEADLOCK_DETECTED;
      if (!isDeadlock || attempt === DEFINE_ATTEMPTS) throw error;
    }
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const adapter = appBossDb(app.db, app.pglite);
    const boss = new PgBoss({
      db: adapter,
      // No cron yet: scheduling would add its own poller and timers.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: config.QUEUE_MAINTENANCE_INTERVAL_SECONDS,
      pollingIntervalSeconds: config.QUEUE_POLL_INTERVAL_SECONDS,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'Job queue error'));
    await boss.start();

    let running = 0;
    let isClosing = false;
    const definedQueues = new Set<string>();
    const workerIds = new Map<string, string[]>();
    const wake = (name: string) => {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    };

    const queue: Queue = {
      async define(name, policy) {
        // createQueue never changes an existing queue's policy; updateQueue does.
        await retryOnDeadlock(async () => {
          await boss.createQueue(name, { name, ...policy });
          await boss.updateQueue(name, { name, ...policy });
        });
        definedQueues.add(name);
      },
      async send(name, data, { trx, singletonKey, startAfterSeconds } = {}) {
        if (!definedQueues.has(name)) throw new Error(`Queue ${name} is not defined`);
        const id = await boss.send(name, data, {
          ...(singletonKey ? { singletonKey } : {}),
          ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
          ...(trx ? { db: transactionBossDb(trx) } : {}),
        });
        // Inside a transaction the job is not visible until it commits: the caller wakes the workers then.
        if (!trx && !startAfterSeconds) wake(name);
        return id;
      },
      async work(name, handler) {
        if (!definedQueues.has(name)) throw new Error(`Queue ${name} is not defined`);
        if (isClosing) return;
        const workerId = await boss.work(
          name,
          { batchSize: 1, includeMetadata: true },
          async ([job]) => {
            running += 1;
            try {
              return await handler({
                id: job.id,
                data: job.data as never,
                retryCount: job.retryCount,
              });
            } catch (error) {
              app.metrics.jobFailures.inc({ queue: name });
              app.log.warn(
                { err: error, queue: name, jobId: job.id },
                'Job failed; it will be retried',
              );
              throw error;
            } finally {
              running -= 1;
            }
          },
        );
        workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
      },
      wake,
      maintain: () => boss.maintain(),
      async check() {
        if (isClosing) throw new Error('The job queue is stopping');
        await boss.getQueues();
      },
      async depths() {
        const names = [...definedQueues];
        const sizes = await Promise.all(names.map((name) => boss.getQueueSize(name)));
        return Object.fromEntries(names.map((name, index) => [name, sizes[index]]));
      },
    };
    app.decorate('queue', queue);
    app.metrics.observeQueues(queue);

    // Registered after the db plugin, so this runs before the database closes (onClose hooks run in reverse).
    app.addHook('onClose', async () => {
      isClosing = true;
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      // stop() can resolve while a handler fetched a moment before still runs, and pg-boss does not await its
      // complete()/fail() writes: wait for both, or they would meet a closed database.
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while ((running > 0 || adapter.inFlight() > 0) && Date.now() < deadline) {
        await adapter.drain();
        if (running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
  },
  { name: 'queue', dependencies: ['config', 'db', 'metrics'] },
);
