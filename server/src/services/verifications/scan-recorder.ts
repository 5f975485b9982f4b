// Counts page views of public verification pages without a database write per view: scans are buffered in
// memory and written in batches (one statement each, record-scans.ts) a few seconds after the first one waits,
// at once when many are waiting, and when the app closes (SIGTERM). The trade-off: a process killed outright
// (SIGKILL, out of memory) loses the views it had not written: a flush interval's worth (2 s), more only when the
// database was failing and views were waiting for a retry.
import type { ScanDevice } from '@common/verifications';

/** One view, as the page computed it from the request (services/analytics/scan-facts.ts): never the address. */
export interface Scan {
  verificationId: string;
  scannedAt: Date;
  device: ScanDevice;
  browser: string;
  country: string | null;
  visitor: string;
}

export interface ScanRecorderOptions {
  /** Stores a batch (the scan rows and each verification's count and last scan time) in one go. */
  write: (scans: Scan[]) => Promise<void>;
  flushIntervalMs?: number;
  /** A batch this large is written at once rather than at the next interval. */
  batchSize?: number;
  /** While writes fail, scans wait up to this many; beyond it the oldest are dropped rather than eat memory. */
  maxWaiting?: number;
  onError?: (error: unknown, waiting: number) => void;
}

const DEFAULT_FLUSH_INTERVAL_MS = 2000;
const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_MAX_WAITING = 50_000;

export class ScanRecorder {
  private waiting: Scan[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private isClosed = false;
  private readonly options: Required<Omit<ScanRecorderOptions, 'onError'>> &
    Pick<ScanRecorderOptions, 'onError'>;

  constructor(options: ScanRecorderOptions) {
    this.options = {
      flushIntervalMs: DEFAULT_FLUSH_INTERVAL_MS,
      batchSize: DEFAULT_BATCH_SIZE,
      maxWaiting: DEFAULT_MAX_WAITING,
      ...options,
    };
  }

  /** Scans not yet written. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  record(scan: Scan): void {
    if (this.isClosed) return;
    this.waiting.push(scan);
    this.trimWaiting();
    if (this.waiting.length >= this.options.batchSize) void this.flush();
    else this.schedule();
  }

  /** Writes every waiting scan; resolves once they are stored (or the write failed and was reported). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeWaiting());
    return this.writing;
  }

  /** Writes what is waiting and stops; later scans are ignored. */
  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.isClosed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushIntervalMs);
    // A pending flush must not keep the process alive on its own; close() writes what is left.
    this.timer.unref();
  }

  private async writeWaiting(): Promise<void> {
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    try {
      await this.options.write(batch);
    } catch (error) {
      // Put the batch back in front of anything recorded meanwhile, and try again at the next interval.
      this.waiting = [...batch, ...this.waiting];
      this.trimWaiting();
      this.options.onError?.(error, this.waiting.length);
      if (!this.isClosed) this.schedule();
    }
  }

  private trimWaiting(): void {
    const excess = this.waiting.length - this.options.maxWaiting;
    if (excess > 0) this.waiting.splice(0, excess);
  }
}
