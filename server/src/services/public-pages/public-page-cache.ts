// What keeps the public pages fast: in memory, the public view of verifications (by code), the designs of the
// templates they render with (by template id, shared by all its verifications), and the seal trust list that
// scanners fetch (/.well-known/jwks.json, one for the whole service). Services never reach into these
// maps: they tell the cache what changed, and this module alone knows which entries each change touches.
// A writer does two things: publish(trx, change) inside the transaction that makes the change, so that the other
// instances hear it exactly when it commits (public-page-notifications.ts), and apply(change) once it has
// committed, so that this instance's very next read is fresh.
import type { TrustList } from '@common/seals/trust-list';

import { ExpiringCache } from '../../lib/expiring-cache';

import type { Database } from '../../db/schema';
import type { PublicTemplate } from '../templates/template-rows';
import type { CachedPublicVerification } from './public-verification';
import type { Kysely } from 'kysely';

/** The trust list as served: its JSON text and the strong ETag of exactly those bytes. */
export interface ServedTrustList {
  trustList: TrustList;
  body: string;
  etag: string;
}

export type PublicPageChange =
  /** Created, edited or revoked: what its page shows is read again now. */
  | { type: 'verification-saved'; code: string }
  /** Its code now answers 'not found'; those it replaced lose their link to it. */
  | { type: 'verification-deleted'; code: string; replacedCodes: string[] }
  | { type: 'template-saved'; id: string }
  /** Its verifications moved to another template; they are read again on their next view. */
  | { type: 'template-deleted'; id: string; movedCodes: string[] }
  /** Their account's issuer name changed; they (and the trust list, which names issuers) are read again. */
  | { type: 'issuer-renamed'; codes: string[] }
  /** A seal key was made, retired or revoked: the trust list is built again on its next request. */
  | { type: 'seal-keys-changed' }
  /** An account's custom domain was verified, replaced or removed: the trust list names verified domains. */
  | { type: 'custom-domain-changed'; domain: string };

/** Where a change was made: here (read again now), or on another instance (read again on its next use). */
export type ChangeOrigin = 'here' | 'elsewhere';

/** A cache kept elsewhere that some changes touch (the custom-domain host lookups): told of each, and of flushes. */
export interface DependentCache {
  apply(change: PublicPageChange): void;
  flush(): void;
}

/** Sends changes to the other instances in the transaction (or right after the write) that makes them. */
export type PublishChanges = (db: Kysely<Database>, changes: PublicPageChange[]) => Promise<void>;

export interface PublicPageLoaders {
  loadVerification: (code: string) => Promise<CachedPublicVerification | null>;
  loadTemplate: (id: string) => Promise<PublicTemplate | null>;
  loadTrustList: () => Promise<ServedTrustList>;
}

const PUBLISH_NOWHERE: PublishChanges = async () => undefined;

// Far fewer templates than codes are ever in use.
const MAX_TEMPLATES = 2_000;
const TRUST_LIST_KEY = 'trust-list';

export class PublicPageCache {
  private readonly verifications: ExpiringCache<CachedPublicVerification>;
  private readonly templates: ExpiringCache<PublicTemplate>;
  // Its expiry also brings in what no change reports: an account purged.
  private readonly trustLists: ExpiringCache<ServedTrustList>;
  private readonly dependents: DependentCache[] = [];

  constructor(
    { loadVerification, loadTemplate, loadTrustList }: PublicPageLoaders,
    /** How changes reach the other instances; by default they do not (one process). */
    private readonly publishChanges: PublishChanges = PUBLISH_NOWHERE,
  ) {
    this.verifications = new ExpiringCache({ load: loadVerification });
    this.templates = new ExpiringCache({ load: loadTemplate, maxEntries: MAX_TEMPLATES });
    this.trustLists = new ExpiringCache({ load: loadTrustList, maxEntries: 1 });
  }

  verification(code: string): Promise<CachedPublicVerification | null> {
    return this.verifications.get(code);
  }

  template(id: string): Promise<PublicTemplate | null> {
    return this.templates.get(id.toLowerCase());
  }

  async trustList(): Promise<ServedTrustList> {
    const served = await this.trustLists.get(TRUST_LIST_KEY);
    if (!served) throw new Error('The trust list loader answered nothing');
    return served;
  }

  /** Lookups answered from memory and loaded, per cache, since start (for the metrics). */
  stats(): Record<'verifications' | 'templates', { hits: number; misses: number; size: number }> {
    const of = (cache: ExpiringCache<unknown>) => ({
      hits: cache.hits,
      misses: cache.misses,
      size: cache.size,
    });
    return { verifications: of(this.verifications), templates: of(this.templates) };
  }

  /**
   * Tells the other instances, inside the transaction that makes the changes (`db` is that transaction): they
   * hear them when it commits, and never when it rolls back. apply() them here once it has committed.
   */
  publish(db: Kysely<Database>, ...changes: PublicPageChange[]): Promise<void> {
    return this.publishChanges(db, changes);
  }

  /** Also tells `cache` of every change and flush (a cache of another domain that some changes touch). */
  addDependent(cache: DependentCache): void {
    this.dependents.push(cache);
  }

  /**
   * The one place a change reaches this instance's memory: after the write committed here, or as heard from
   * the instance that made it. Another instance's change is read again on next use rather than at once: every
   * instance reading every row of a bulk run as it is written would multiply its reads by their number.
   */
  async apply(change: PublicPageChange, origin: ChangeOrigin = 'here'): Promise<void> {
    const reread = async <T>(cache: ExpiringCache<T>, key: string) => {
      if (origin === 'here') await cache.refresh(key);
      else cache.forget(key);
    };
    for (const dependent of this.dependents) dependent.apply(change);
    switch (change.type) {
      case 'verification-saved':
        await reread(this.verifications, change.code);
        return;
      case 'verification-deleted':
        this.verifications.delete(change.code);
        await Promise.all(change.replacedCodes.map((code) => reread(this.verifications, code)));
        return;
      case 'template-saved':
        await reread(this.templates, change.id.toLowerCase());
        return;
      case 'template-deleted':
        this.templates.delete(change.id.toLowerCase());
        // Cheaper than reloading them all now.
        for (const code of change.movedCodes) this.verifications.forget(code);
        return;
      case 'issuer-renamed':
        for (const code of change.codes) this.verifications.forget(code);
        this.trustLists.forget(TRUST_LIST_KEY);
        return;
      case 'seal-keys-changed':
      case 'custom-domain-changed':
        this.trustLists.forget(TRUST_LIST_KEY);
        return;
    }
  }

  /** Forgets everything (changes may have been missed: the connection that hears them was lost for a while). */
  flush(): void {
    this.verifications.clear();
    this.templates.clear();
    this.trustLists.clear();
    for (const dependent of this.dependents) dependent.flush();
  }
}
