// The app's Prometheus instruments (app.metrics), on a registry of its own rather than prom-client's global one:
// tests build many apps in one process, and each must count only its own. Read at /metrics (routes/metrics.ts)
// when METRICS_TOKEN is set; without it, nothing is timed per request and no process metrics are gathered.
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { AppMetrics } from '../lib/app-metrics';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const METRICS_PATH = '/metrics';

const PREFIX = 'qrverify_';
// Seconds: a public page answers in milliseconds, an upload of a large file in seconds.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECURING_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

function createAppMetrics(registry: Registry): AppMetrics {
  const registers = [registry];
  let queues: Parameters<AppMetrics['observeQueues']>[0] | undefined;
  let publicPageCache: Parameters<AppMetrics['observePublicPageCache']>[0] | undefined;
  const cacheCounter = (name: string, help: string, count: 'hits' | 'misses') =>
    new Counter({
      name: `${PREFIX}public_cache_${name}_total`,
      help,
      labelNames: ['cache'],
      registers,
      // Counts kept by the cache since start: copied, not added to.
      collect() {
        this.reset();
        for (const [cache, stats] of Object.entries(publicPageCache?.stats() ?? {})) {
          this.inc({ cache }, stats[count]);
        }
      },
    });
  cacheCounter('hits', 'Public page lookups answered from memory.', 'hits');
  cacheCounter('misses', 'Public page lookups that read the database.', 'misses');
  new Gauge({
    name: `${PREFIX}public_cache_entries`,
    help: 'Entries held by the public page cache.',
    labelNames: ['cache'],
    registers,
    collect() {
      for (const [cache, stats] of Object.entries(publicPageCache?.stats() ?? {})) {
        this.set({ cache }, stats.size);
      }
    },
  });
  new Gauge({
    name: `${PREFIX}queue_depth`,
    help: 'Background jobs waiting to be worked (created or waiting to retry), per queue.',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      // A database that does not answer leaves the gauge empty rather than failing the whole scrape.
      const depths = await queues?.depths().catch(() => undefined);
      for (const [queue, depth] of Object.entries(depths ?? {})) this.set({ queue }, depth);
    },
  });
  return {
    registry,
    publicViews: new Counter({
      name: `${PREFIX}public_views_total`,
      help: 'Views of existing verifications: their public page (via="page") or the public API (via="api").',
      labelNames: ['via'],
      registers,
    }),
    securingDuration: new Histogram({
      name: `${PREFIX}securing_duration_seconds`,
      help: 'Time to secure a document, waiting for a worker included, per job (document, design).',
      labelNames: ['job'],
      buckets: SECURING_BUCKETS,
      registers,
    }),
    jobFailures: new Counter({
      name: `${PREFIX}job_failures_total`,
      help: 'Background jobs that failed (and are retried by their queue), per queue.',
      labelNames: ['queue'],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: `${PREFIX}webhook_deliveries_total`,
      help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed).',
      labelNames: ['outcome'],
      registers,
    }),
    observeQueues: (source) => {
      queues = source;
    },
    observePublicPageCache: (source) => {
      publicPageCache = source;
    },
  };
}

// Labelled by the route's pattern (/v/:code), never the URL, so that codes and ids cannot multiply the series.
// Only the histogram is touched per request; the request counter is its count, copied at each scrape.
function countRequests(registry: Registry): (request: FastifyRequest, reply: FastifyReply) => void {
  const labelNames = ['method', 'route', 'status'] as const;
  const durationName = `${PREFIX}http_request_duration_seconds`;
  const durations = new Histogram({
    name: durationName,
    help: 'Time to answer HTTP requests, by method, route pattern and status class.',
    labelNames,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const sample of (await durations.get()).values) {
        if (sample.metricName === `${durationName}_count`) this.inc(sample.labels, sample.value);
      }
    },
  });
  return (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    durations.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
  };
}

export default fp(
  async (app) => {
    const registry = new Registry();
    app.decorate('metrics', createAppMetrics(registry));
    if (!app.config.METRICS_TOKEN) return;
    collectDefaultMetrics({ register: registry });
    const count = countRequests(registry);
    app.addHook('onResponse', (request, reply, done) => {
      count(request, reply);
      done();
    });
  },
  { name: 'metrics', dependencies: ['config'] },
);
