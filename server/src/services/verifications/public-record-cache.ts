// Keeps the public view of verifications in memory, so the page a QR code opens is answered without a database
// round trip. Every change made through the app (create, edit, revoke, delete) updates the cache at once; entries
// also expire after a while, which heals anything changed behind the app's back (another instance, a renamed
// issuer). Unknown codes are remembered too, so scanning made-up codes cannot hammer the database.

export interface PublicRecordCacheOptions<T> {
  /** Reads one record from the database; null when no verification has the code. */
  load: (code: string) => Promise<T | null>;
  /** Least recently used entries go beyond this many. */
  maxEntries?: number;
  maxAgeMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

interface Entry<T> {
  value: T | null;
  storedAt: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_AGE_MS = 5 * 60 * 1000;

export class PublicRecordCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loads = new Map<string, Promise<T | null>>();
  private readonly load: (code: string) => Promise<T | null>;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: PublicRecordCacheOptions<T>) {
    this.load = options.load;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The record for the code, from memory when fresh; concurrent misses for one code share one load. */
  async get(code: string): Promise<T | null> {
    const entry = this.entries.get(code);
    if (entry && this.now() - entry.storedAt < this.maxAgeMs) {
      // Re-inserting moves the entry to the end: the Map's order is the least-recently-used order.
      this.entries.delete(code);
      this.entries.set(code, entry);
      return entry.value;
    }
    const pending = this.loads.get(code);
    if (pending) return pending;
    const load = this.load(code);
    this.loads.set(code, load);
    try {
      const value = await load;
      // A set() or delete() while loading removed this load: its answer is older than theirs, so it is not kept.
      if (this.loads.get(code) === load) this.store(code, value);
      return value;
    } finally {
      if (this.loads.get(code) === load) this.loads.delete(code);
    }
  }

  /** After a verification is created or changed. */
  set(code: string, value: T): void {
    this.loads.delete(code);
    this.store(code, value);
  }

  /** Reads the code again now, whatever is cached: after a change that set() cannot describe by itself. */
  refresh(code: string): Promise<T | null> {
    this.loads.delete(code);
    this.entries.delete(code);
    return this.get(code);
  }

  /** Drops what is cached for the code, without reading it again until it is next asked for. */
  forget(code: string): void {
    this.loads.delete(code);
    this.entries.delete(code);
  }

  /** After a verification is deleted: its code now answers 'not found'. */
  delete(code: string): void {
    this.loads.delete(code);
    this.store(code, null);
  }

  clear(): void {
    this.loads.clear();
    this.entries.clear();
  }

  private store(code: string, value: T | null): void {
    this.entries.delete(code);
    this.entries.set(code, { value, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
