// The API key services, built once with their dependencies (see plugins/services.ts).
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface ApiKeyDeps {
  db: Kysely<Database>;
  config: Config;
}

export function buildApiKeyServices(_deps: ApiKeyDeps) {
  return {};
}

export type ApiKeyServices = ReturnType<typeof buildApiKeyServices>;
