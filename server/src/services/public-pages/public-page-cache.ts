// What keeps the public pages fast: in memory, the public view of verifications (by code), the designs of the
// templates they render with (by template id, shared by all its verifications), and the seal trust list that
// scanners fetch (/.well-known/jwks.json, one for the whole service). Services never reach into these
// maps: they tell the cache what changed (apply), and this module alone knows which entries each change touches.
// This is the seam where scale-out puts Postgres LISTEN/NOTIFY: apply() will publish the change, and every
// instance will apply what it hears to its own memory.
import type { TrustList } from '@common/seals/trust-list';

import { ExpiringCache } from '../../lib/expiring-cache';

import type { PublicTemplate } from '../templates/template-rows';
import type { CachedPublicVerification } from './public-verification';

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
  | { type: 'custom-domain-changed' };

export interface PublicPageLoaders {
  loadVerification: (code: string) => Promise<CachedPublicVerification | null>;
  loadTemplate: (id: string) => Promise<PublicTemplate | null>;
  loadTrustList: () => Promise<ServedTrustList>;
}

// Far fewer templates than codes are ever in use.
const MAX_TEMPLATES = 2_000;
const TRUST_LIST_KEY = 'trust-list';

export class PublicPageCache {
  private readonly verifications: ExpiringCache<CachedPublicVerification>;
  private readonly templates: ExpiringCache<PublicTemplate>;
  // Its expiry also brings in what no change here reports: an account purged, another instance's change.
  private readonly trustLists: ExpiringCache<ServedTrustList>;

  constructor({ loadVerification, loadTemplate, loadTrustList }: PublicPageLoaders) {
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

  /** The one place a change reaches the cache. */
  async apply(change: PublicPageChange): Promise<void> {
    switch (change.type) {
      case 'verification-saved':
        await this.verifications.refresh(change.code);
        return;
      case 'verification-deleted':
        this.verifications.delete(change.code);
        await Promise.all(change.replacedCodes.map((code) => this.verifications.refresh(code)));
        return;
      case 'template-saved':
        await this.templates.refresh(change.id.toLowerCase());
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
}
