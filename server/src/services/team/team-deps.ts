// What the team services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { Kysely } from 'kysely';

export interface TeamDeps {
  db: Kysely<Database>;
  /** Sends the invitation mails (after the answer: see routes/api/team/). */
  mailer: Mailer;
  /** The account's plan: how many members it may have. */
  planLimits: PlanLimitChecks;
  config: Pick<Config, 'PUBLIC_URL'>;
}
