// What the app's features see of background work: define a queue with its retry policy, send jobs, work them.
// The pg-boss implementation is the queue plugin (plugins/queue.ts); services take a Queue as an argument.
import type { Database } from '../db/schema';
import type { Transaction } from 'kysely';

/** A queue's retry policy. expireInSeconds is also the longest a job may run: past it, it is retried. */
export interface QueuePolicy {
  /** pg-boss's: 'stately' keeps at most one queued and one running job per singletonKey. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  expireInSeconds: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff?: boolean;
}

export interface SendOptions {
  /** The transaction to enqueue in: required inside one (on PGlite, sending outside it would wait forever). */
  trx?: Transaction<Database>;
  /** At most one queued job per key in the queue; a second send answers null. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export type JobHandler<Data> = (job: {
  id: string;
  data: Data;
  retryCount: number;
}) => Promise<unknown>;

export interface Queue {
  /** Creates the queue, or brings its policy up to date; before any send or work on it. */
  define(name: string, policy: QueuePolicy): Promise<void>;
  /** The job's id; null when a singletonKey is already queued. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Works the queue's jobs one at a time in this process; a handler that throws has its job retried. */
  work<Data extends object>(name: string, handler: JobHandler<Data>): Promise<void>;
  /**
   * Has this process's workers of the queue look for jobs now instead of at their next poll. A send outside a
   * transaction does it itself; after a transaction that sent, call it once the transaction has committed.
   */
  wake(name: string): void;
  /** Expires and archives now what maintenance would on its next pass (tests, and a restart's first look). */
  maintain(): Promise<void>;
  /** Throws unless the queue answers now: its tables can be read and it is not stopping (readiness checks). */
  check(): Promise<void>;
  /** Jobs waiting to be worked (created, or waiting to retry) in each queue this process defined (metrics). */
  depths(): Promise<Record<string, number>>;
}
