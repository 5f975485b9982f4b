import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { PlanLimitChecks } from './plan-limits';
import type { Kysely } from 'kysely';
import type { Stripe } from 'stripe';

export interface SubscriptionDeps {
  db: Kysely<Database>;
  config: Config;
  planLimits: PlanLimitChecks;
  /** Null without STRIPE_SECRET_KEY: checkout, the portal and the webhook then answer billing_not_configured. */
  stripe: Stripe | null;
}
