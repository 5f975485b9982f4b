// What keeps the public pages fast: in memory, the public view of verifications (by code) and the designs of the
// templates they render with (by template id, shared by all its verifications). Services never reach into these
// maps: they tell the cache what changed (apply), and this module alone knows which entries each change touches.
// This is the seam where scale-out puts Postgres LISTEN/NOTIFY: apply() will publish the change, and every
// instance will apply what it hears to its own memory.
import { ExpiringCache } from '../../lib/expiring-cache';

import type { PublicTemplate } from '../templates/template-rows';
import type { CachedPublicVerification } from './public-verification';

export type PublicPageChange =
  /** Created, edited or revoked: what its page shows is read again now. */
  | { type: 'verification-saved'; code: string }
  /** Its code now answers 'not found'; those it replaced lose their link to it. */
  | { type: 'verification-deleted'; code: string; replacedCodes: string[] }
  | { type: 'template-saved'; id: string }
  /** Its verifications moved to another template; they are read again on their next view. */
  | { type: 'template-deleted'; id: string; movedCodes: string[] }
  /** Their account's issuer name changed; they are read again on their next view. */
  | { type: 'issuer-renamed'; codes: string[] };

export interface PublicPageLoaders {
  loadVerification: (code: string) => Promise<CachedPublicVerification | null>;
  loadTemplate: (id: string) => Promise<PublicTemplate | null>;
}

// Far fewer templates than codes are ever in use.
const MAX_TEMPLATES = 2_000;

export class PublicPageCache {
  private readonly verifications: ExpiringCache<CachedPublicVerification>;
  private readonly templates: ExpiringCache<PublicTemplate>;

  constructor({ loadVerification, loadTemplate }: PublicPageLoaders) {
    this.verifications = new ExpiringCache({ load: loadVerification });
    this.templates = new ExpiringCache({ load: loadTemplate, maxEntries: MAX_TEMPLATES });
  }

  verification(code: string): Promise<CachedPublicVerification | null> {
    return this.verifications.get(code);
  }

  template(id: string): Promise<PublicTemplate | null> {
    return this.templates.get(id.toLowerCase());
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
        return;
    }
  }
}
