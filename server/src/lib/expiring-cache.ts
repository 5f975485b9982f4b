// A least-recently-used cache in front of a slow read, for the public pages (public-page-cache.ts). Entries expire
// after a while, which heals anything changed behind the app's back (another instance, a renamed issuer). Misses
// are remembered too (as null), so asking for made-up keys cannot hammer the database.

export interface ExpiringCacheOptions<T> {
  /** Reads one entry from the database; null when there is none. */
  load: (key: string) => Promise<T | null>;
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

export class ExpiringCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loads = new Map<string, Promise<T | null>>();
  private readonly load: (key: string) => Promise<T | null>;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** Lookups answered from memory, and those that had to load (for the metrics' hit ratio). */
  hits = 0;
  misses = 0;

  constructor(options: ExpiringCacheOptions<T>) {
    this.load = options.load;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry for the key, from memory when fresh; concurrent misses for one key share one load. */
  async get(key: string): Promise<T | null> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt < this.maxAgeMs) {
      // Re-inserting moves the entry to the end: the Map's order is the least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits += 1;
      return entry.value;
    }
    this.misses += 1;
    const pending = this.loads.get(key);
    if (pending) return pending;
    const load = this.load(key);
    this.loads.set(key, load);
    try {
      const value = await load;
      // A set() or delete() while loading removed this load: its answer is older than theirs, so it is not kept.
      if (this.loads.get(key) === load) this.store(key, value);
      return value;
    } finally {
      if (this.loads.get(key) === load) this.loads.delete(key);
    }
  }

  /** Stores a value known to be current. */
  set(key: string, value: T): void {
    this.loads.delete(key);
    this.store(key, value);
  }

  /** Reads the key again now, whatever is cached. */
  refresh(key: string): Promise<T | null> {
    this.loads.delete(key);
    this.entries.delete(key);
    return this.get(key);
  }

  /** Drops what is cached for the key, without reading it again until it is next asked for. */
  forget(key: string): void {
    this.loads.delete(key);
    this.entries.delete(key);
  }

  /** The key now names nothing: remembered as a miss. */
  delete(key: string): void {
    this.loads.delete(key);
    this.store(key, null);
  }

  clear(): void {
    this.loads.clear();
    this.entries.clear();
  }

  private store(key: string, value: T | null): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
