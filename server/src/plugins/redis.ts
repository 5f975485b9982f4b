// Redis, when REDIS_URL is set: what several instances must share and Postgres is the wrong place for (rate-limit
// counters, the file picker's cloud sessions). app.redis is null without it, and each user keeps its counts in
// process. Connecting is not awaited: a Redis that is down must not stop the app from starting (docs/deployment.md).
import fp from 'fastify-plugin';

import type Redis from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export default fp(
  async (app) => {
    const url = app.config.REDIS_URL;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    // Loaded only when used: most single-process servers have no Redis.
    const { default: RedisClient } = await import('ioredis');
    const redis = new RedisClient(url, {
      // A command fails fast while Redis is away instead of queueing until it returns.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      // A Redis that accepts connections but never answers must not hold requests (their rate-limit counts).
      commandTimeout: 1_000,
    });
    let reported = false;
    redis.on('error', (error) => {
      // ioredis retries on its own and emits on every attempt: once is enough in the log.
      if (!reported) app.log.error({ err: error }, 'Redis connection failed');
      reported = true;
    });
    redis.on('ready', () => {
      if (reported) app.log.info('Redis connection restored');
      reported = false;
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    app.decorate('redis', redis);
  },
  { name: 'redis', dependencies: ['config'] },
);
