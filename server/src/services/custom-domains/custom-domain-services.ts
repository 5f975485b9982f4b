// The custom domain services, built once with their dependencies (see plugins/services.ts).
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Queue } from '../../plugins/queue';
import type { Kysely } from 'kysely';

export interface CustomDomainDeps {
  db: Kysely<Database>;
  queue: Queue;
  mailer: Mailer;
  config: Config;
}

export function buildCustomDomainServices(_deps: CustomDomainDeps) {
  return {};
}

export type CustomDomainServices = ReturnType<typeof buildCustomDomainServices>;
