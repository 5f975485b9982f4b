// The app's Prometheus instruments as the services see them (app.metrics); plugins/metrics.ts makes them on a
// registry of the app's own.
import type { Counter, Histogram, Registry } from 'prom-client';

/** Per cache: lookups answered from memory, those that had to load, and the entries held. */
export type CacheStats = Record<string, { hits: number; misses: number; size: number }>;

export interface AppMetrics {
  readonly registry: Registry;
  /** Views of a verification that exists: its page (/v/{code}) or the public API. */
  readonly publicViews: Counter<'via'>;
  /** From asking the securing pool to its answer (waiting for a worker included), per job kind. */
  readonly securingDuration: Histogram<'job'>;
  /** Background jobs whose handler threw (each is retried by its queue's policy). */
  readonly jobFailures: Counter<'queue'>;
  /** Webhook delivery attempts by their outcome (deliver-webhook.ts). */
  readonly webhookDeliveries: Counter<'outcome'>;
  /** Where the queue depth is read at each scrape (the queue plugin). */
  observeQueues(source: { depths(): Promise<Record<string, number>> }): void;
  /** Where the public cache's counts are read at each scrape (the services plugin). */
  observePublicPageCache(source: { stats(): CacheStats }): void;
}
