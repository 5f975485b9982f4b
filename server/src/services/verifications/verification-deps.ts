// What the verification services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Securing } from '../../documents/securing-pool';
import type { Storage } from '../../storage/storage';
import type { DocumentSigningServices } from '../document-signing/document-signing-services';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { SealServices } from '../seals/seal-services';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { WebhookServices } from '../webhooks/webhook-services';
import type { ScanRecorder } from './scan-recorder';
import type { Kysely } from 'kysely';

/** What verifications (single and bulk) tell the webhooks. */
export type VerificationWebhooks = Pick<WebhookServices, 'emitVerificationEvent' | 'wake'>;

export interface VerificationDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Told of every change, so the public page never shows stale data. */
  publicPages: PublicPageCache;
  /** Page views wait here a few seconds; reads of counts flush it first. */
  scanRecorder: ScanRecorder;
  /** The worker pool documents are secured in, off the event loop. */
  securing: Securing;
  /** Told of every change in its transaction, for the account's webhook endpoints. */
  webhooks: VerificationWebhooks;
  /** The account's plan: each verification stored is counted against its month. */
  planLimits: PlanLimitChecks;
  /** The key each new verification's seal is signed with. */
  seals: Pick<SealServices, 'signingKeyFor' | 'credentialKeyFor'>;
  /** The certificate each new secured PDF is signed with (PAdES). */
  documentSigning: Pick<DocumentSigningServices, 'signerFor'>;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'UPLOAD_MAX_BYTES'
    | 'CUSTOM_DOMAIN_TARGET'
    | 'CUSTOM_DOMAIN_SCHEME'
    | 'TSA_URL'
    | 'TSA_USERNAME'
    | 'TSA_PASSWORD'
    | 'TSA_TIMEOUT_SECONDS'
  >;
}
