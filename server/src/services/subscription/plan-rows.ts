// Plans as stored and as the API shows them: the row's limits with PLAN_LIMITS_OVERRIDE on top, and the intervals
// Checkout can sell (a Stripe price set, and Stripe configured).
import type { BillingInterval, Plan, PlanId, PlanLimits } from '@common/subscription-schemas';

import { DEFAULT_PLANS } from './default-plans';

import type { Config } from '../../config';
import type { Database, PlansTable } from '../../db/schema';
import type { Kysely, Selectable } from 'kysely';

export type PlanRow = Selectable<PlansTable>;

/** Adds the default plans that are missing; rows an operator changed stay as they are. */
export async function seedDefaultPlans(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('plans')
    .values(DEFAULT_PLANS.map((plan) => ({ ...plan, limits: JSON.stringify(plan.limits) })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export function effectiveLimits(
  config: Pick<Config, 'PLAN_LIMITS_OVERRIDE'>,
  planId: PlanId,
  stored: PlanLimits,
): PlanLimits {
  return { ...stored, ...config.PLAN_LIMITS_OVERRIDE[planId] };
}

export function checkoutIntervals(
  config: Pick<Config, 'STRIPE_SECRET_KEY'>,
  row: Pick<PlanRow, 'stripe_price_monthly' | 'stripe_price_yearly'>,
): BillingInterval[] {
  if (!config.STRIPE_SECRET_KEY) return [];
  const intervals: BillingInterval[] = [];
  if (row.stripe_price_monthly) intervals.push('month');
  if (row.stripe_price_yearly) intervals.push('year');
  return intervals;
}

export function toPlan(
  config: Pick<Config, 'PLAN_LIMITS_OVERRIDE' | 'STRIPE_SECRET_KEY'>,
  row: PlanRow,
): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currency: row.currency,
    price_monthly: row.price_monthly,
    price_yearly: row.price_yearly,
    checkout_intervals: checkoutIntervals(config, row),
    limits: effectiveLimits(config, row.id, row.limits),
  };
}

export function selectPlans(db: Kysely<Database>) {
  return db.selectFrom('plans').selectAll().orderBy('position').orderBy('id');
}
