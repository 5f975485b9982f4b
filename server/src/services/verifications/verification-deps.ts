// What the verification services work with, handed over by the routes from the app's decorations.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { PublicRecordCache } from './public-record-cache';
import type { PublicRecord } from './public-verification';
import type { Kysely } from 'kysely';

export interface VerificationDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Kept in step with every change, so the public page never shows stale data. */
  publicRecords: PublicRecordCache<PublicRecord>;
  config: Pick<Config, 'PUBLIC_URL' | 'UPLOAD_MAX_BYTES'>;
}
