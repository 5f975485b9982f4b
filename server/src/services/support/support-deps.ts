import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Kysely } from 'kysely';

export interface SupportDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'SUPPORT_EMAIL'>;
  /** The account's plan, named in the mail to support. */
  planLimits: Pick<PlanLimitChecks, 'find'>;
}
