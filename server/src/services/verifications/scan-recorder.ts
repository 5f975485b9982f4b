// Counts page views of public verification pages in memory, as aggregates: per verification and UTC day the views,
// their devices, browsers and countries, and the set of distinct visitor keys (with each one's first and last
// view); plus each verification's latest views as they happened (the scans list shows the last RECENT_SCANS).
// A view costs a few map updates; memory grows with distinct visitors, not with views. Every flush (a few seconds
// after the first view waits, when many visitors are waiting, and when the app closes) writes the aggregates in
// one statement that adds to what is stored (record-scans.ts), so instances sharing a database each add theirs.
// The trade-off: a process killed outright (SIGKILL, out of memory) loses the views it had not written: a flush
// interval's worth (2 s), more only when the database was failing and views were waiting for a retry.
import { isoDate, type ScanDevice } from '@common/verifications';

/** One view, as the page computed it from the request (services/analytics/scan-facts.ts): never the address. */
export interface Scan {
  verificationId: string;
  scannedAt: Date;
  device: ScanDevice;
  browser: string;
  country: string | null;
  visitor: string;
}

export interface VisitorSeen {
  firstAt: Date;
  lastAt: Date;
  isBot: boolean;
}

/** One verification's views on one UTC day, waiting to be added to the stored figures. */
export interface DayTally {
  verificationId: string;
  day: string;
  scans: number;
  lastScanAt: Date;
  devices: Record<string, number>;
  browsers: Record<string, number>;
  countries: Record<string, number>;
  visitors: Map<string, VisitorSeen>;
}

export interface ScanBatch {
  days: DayTally[];
  /** Each verification's latest views, at most RECENT_SCANS of each, oldest first. */
  recent: Scan[];
}

export interface ScanRecorderOptions {
  /** Adds a batch to the stored figures in one go. */
  write: (batch: ScanBatch) => Promise<void>;
  flushIntervalMs?: number;
  /** This many distinct visitors waiting are written at once rather than at the next interval. */
  flushAtVisitors?: number;
  /** While writes fail, at most this many visitor keys wait; beyond it new ones are not told apart (views still count). */
  maxWaitingVisitors?: number;
  onError?: (error: unknown, waiting: number) => void;
}

/** The latest views kept of each verification, as rows: what the scans list shows. */
export const RECENT_SCANS = 100;
const DEFAULT_FLUSH_INTERVAL_MS = 2000;
const DEFAULT_FLUSH_AT_VISITORS = 10_000;
const DEFAULT_MAX_WAITING_VISITORS = 200_000;
const DAY_MS = 86_400_000;

function addCount(counts: Record<string, number>, key: string, views = 1): void {
  counts[key] = (counts[key] ?? 0) + views;
}

function addVisitor(visitors: Map<string, VisitorSeen>, key: string, seen: VisitorSeen): void {
  const known = visitors.get(key);
  if (!known) {
    visitors.set(key, { ...seen });
    return;
  }
  if (seen.firstAt < known.firstAt) known.firstAt = seen.firstAt;
  if (seen.lastAt > known.lastAt) known.lastAt = seen.lastAt;
}

export class ScanRecorder {
  private days = new Map<string, DayTally>();
  private recent = new Map<string, Scan[]>();
  private views = 0;
  private visitorCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private isClosed = false;
  private readonly options: Required<Omit<ScanRecorderOptions, 'onError'>> &
    Pick<ScanRecorderOptions, 'onError'>;

  constructor(options: ScanRecorderOptions) {
    this.options = {
      flushIntervalMs: DEFAULT_FLUSH_INTERVAL_MS,
      flushAtVisitors: DEFAULT_FLUSH_AT_VISITORS,
      maxWaitingVisitors: DEFAULT_MAX_WAITING_VISITORS,
      ...options,
    };
  }

  /** Views not yet written. */
  get waitingCount(): number {
    return this.views;
  }

  record(scan: Scan): void {
    if (this.isClosed) return;
    const tally = this.tallyOf(scan.verificationId, isoDate(scan.scannedAt));
    tally.scans += 1;
    if (scan.scannedAt > tally.lastScanAt) tally.lastScanAt = scan.scannedAt;
    addCount(tally.devices, scan.device);
    addCount(tally.browsers, scan.browser);
    if (scan.country) addCount(tally.countries, scan.country);
    this.see(tally, scan);
    this.keepRecent(scan);
    this.views += 1;
    if (this.visitorCount >= this.options.flushAtVisitors) void this.flush();
    else this.schedule();
  }

  /**
   * Writes every waiting view; resolves once they are stored (or the write failed and was reported). Days before
   * yesterday (of `now`) are dropped: only a database failing for a day leaves them waiting.
   */
  flush(now = new Date()): Promise<void> {
    this.writing = this.writing.then(() => this.writeWaiting(now));
    return this.writing;
  }

  /** Writes what is waiting and stops; later views are ignored. */
  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private tallyOf(verificationId: string, day: string): DayTally {
    const key = `${verificationId} ${day}`;
    let tally = this.days.get(key);
    if (!tally) {
      tally = {
        verificationId,
        day,
        scans: 0,
        lastScanAt: new Date(0),
        devices: {},
        browsers: {},
        countries: {},
        visitors: new Map(),
      };
      this.days.set(key, tally);
    }
    return tally;
  }

  private see(tally: DayTally, scan: Scan): void {
    const isNew = !tally.visitors.has(scan.visitor);
    if (isNew && this.visitorCount >= this.options.maxWaitingVisitors) return;
    const at = scan.scannedAt;
    addVisitor(tally.visitors, scan.visitor, {
      firstAt: at,
      lastAt: at,
      isBot: scan.device === 'bot',
    });
    if (isNew) this.visitorCount += 1;
  }

  private keepRecent(scan: Scan): void {
    const latest = this.recent.get(scan.verificationId);
    if (!latest) {
      this.recent.set(scan.verificationId, [scan]);
      return;
    }
    latest.push(scan);
    // Trimmed in halves, so a view costs a push.
    if (latest.length >= 2 * RECENT_SCANS) latest.splice(0, latest.length - RECENT_SCANS);
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

  private takeWaiting(now: Date): ScanBatch {
    const oldestDay = isoDate(new Date(now.getTime() - DAY_MS));
    const batch: ScanBatch = {
      days: [...this.days.values()].filter((tally) => tally.day >= oldestDay),
      recent: [...this.recent.values()].flatMap((latest) =>
        latest.slice(-RECENT_SCANS).filter((scan) => isoDate(scan.scannedAt) >= oldestDay),
      ),
    };
    this.days = new Map();
    this.recent = new Map();
    this.views = 0;
    this.visitorCount = 0;
    return batch;
  }

  private async writeWaiting(now: Date): Promise<void> {
    if (this.views === 0) return;
    const batch = this.takeWaiting(now);
    try {
      await this.options.write(batch);
    } catch (error) {
      // Add the batch back to anything recorded meanwhile, and try again at the next interval.
      this.putBack(batch);
      this.options.onError?.(error, this.views);
      if (!this.isClosed) this.schedule();
    }
  }

  private putBack(batch: ScanBatch): void {
    for (const waited of batch.days) {
      const tally = this.tallyOf(waited.verificationId, waited.day);
      tally.scans += waited.scans;
      if (waited.lastScanAt > tally.lastScanAt) tally.lastScanAt = waited.lastScanAt;
      for (const [name, counts] of [
        ['devices', waited.devices],
        ['browsers', waited.browsers],
        ['countries', waited.countries],
      ] as const) {
        for (const [key, views] of Object.entries(counts)) addCount(tally[name], key, views);
      }
      for (const [key, seen] of waited.visitors) addVisitor(tally.visitors, key, seen);
      this.views += waited.scans;
    }
    this.visitorCount = [...this.days.values()].reduce((sum, day) => sum + day.visitors.size, 0);
    // The batch's views came first: each verification's latest stay in order.
    const later = this.recent;
    this.recent = new Map();
    for (const scan of [...batch.recent, ...[...later.values()].flat()]) this.keepRecent(scan);
  }
}
