// What the seal services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { Kysely } from 'kysely';

export interface SealDeps {
  db: Kysely<Database>;
  /** Decrypts the accounts' private keys (seal-master-key.ts). */
  masterKey: Buffer;
  /** Keeps the trust list; told when a key is made, retired or revoked. */
  publicPages: PublicPageCache;
  config: Pick<Config, 'PUBLIC_URL'>;
}
