// What the API key services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Kysely } from 'kysely';

export interface ApiKeyDeps {
  db: Kysely<Database>;
  config: Config;
  /** The account's plan: keys need API access. */
  planLimits: PlanLimitChecks;
}
