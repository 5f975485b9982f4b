// Whether this instance may be sent traffic: the database, the file store, the job queue and (when REDIS_URL is
// set) Redis each answer now. The liveness check (check-health.ts) stays small; a load balancer or an
// orchestrator asks this one before routing requests here. Why a check failed is logged, never answered.
import { once } from 'node:events';

import { sql, type Kysely } from 'kysely';

import { ExpiringCache } from '../../lib/expiring-cache';

import type { Database } from '../../db/schema';
import type { Queue } from '../../queue/queue';
import type { Storage } from '../../storage/storage';
import type Redis from 'ioredis';

export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  checks: {
    database: { ok: boolean };
    storage: { ok: boolean };
    queue: { ok: boolean };
    /** Only when REDIS_URL is set. */
    redis?: { ok: boolean };
  };
}

interface ReadinessDependencies {
  db: Kysely<Database>;
  storage: Pick<Storage, 'check'>;
  queue: Pick<Queue, 'check'>;
  redis: Redis | null;
  log: { warn(details: object, message: string): void };
}

type Check = (signal: AbortSignal) => Promise<unknown>;

// As the health check: a storm of probes shares one report, and a failure still shows this soon.
const REPORT_MAX_AGE_MS = 2_000;
// A check that hangs (a database behind a dropped connection) fails after this, so the probe still answers.
const CHECK_TIMEOUT_MS = 2_000;

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

// ioredis refuses commands while it connects (enableOfflineQueue is off): a client still connecting gets the
// rest of the time limit to do so.
async function pingRedis(redis: Redis, signal: AbortSignal): Promise<void> {
  if (redis.status !== 'ready') await once(redis, 'ready', { signal });
  await redis.ping();
}

function checksOf({ db, storage, queue, redis }: ReadinessDependencies): Record<string, Check> {
  return {
    database: () => sql`select 1`.execute(db),
    storage: () => storage.check(),
    queue: () => queue.check(),
    ...(redis && { redis: (signal: AbortSignal) => pingRedis(redis, signal) }),
  };
}

async function isPassing(
  name: string,
  check: Check,
  log: ReadinessDependencies['log'],
): Promise<boolean> {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    await Promise.race([check(signal), rejectOnAbort(signal)]);
    return true;
  } catch (error) {
    log.warn({ err: error, check: name }, 'Readiness check failed');
    return false;
  }
}

async function checkNow(deps: ReadinessDependencies): Promise<ReadinessReport> {
  const checks = Object.entries(checksOf(deps));
  const passing = await Promise.all(
    checks.map(([name, check]) => isPassing(name, check, deps.log)),
  );
  const report = Object.fromEntries(checks.map(([name], index) => [name, { ok: passing[index] }]));
  return {
    status: passing.every(Boolean) ? 'ready' : 'unavailable',
    checks: report as ReadinessReport['checks'],
  };
}

/** Checks what serving requests needs; any one failing makes the instance unavailable until it passes again. */
export function createReadinessCheck(deps: ReadinessDependencies): () => Promise<ReadinessReport> {
  const reports = new ExpiringCache<ReadinessReport>({
    load: () => checkNow(deps),
    maxEntries: 1,
    maxAgeMs: REPORT_MAX_AGE_MS,
  });
  return async () => (await reports.get('report'))!;
}
