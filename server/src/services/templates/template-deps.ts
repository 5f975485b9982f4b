// What the template services work with, handed over by the routes from the app's decorations.
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { PublicRecordCache } from '../verifications/public-record-cache';
import type { PublicRecord } from '../verifications/public-verification';
import type { PublicTemplate } from './template-rows';
import type { Kysely } from 'kysely';

export interface TemplateDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Verifications moved to another template are read again from the database on their next view. */
  publicRecords: PublicRecordCache<PublicRecord>;
  /** Kept in step with every change, so the public page never shows a stale design. */
  publicTemplates: PublicRecordCache<PublicTemplate>;
}
