// What the template services work with, given once by the services plugin.
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { Kysely } from 'kysely';

export interface TemplateDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Told of every change, so the public page never shows a stale design. */
  publicPages: PublicPageCache;
}
