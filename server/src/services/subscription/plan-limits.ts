// What an account's plan allows, checked where the work happens. Counts that can race (team members) are taken
// under the account's lock by the caller; the month's verifications are counted by one conditional update in the
// transaction that stores the verification, so of two requests racing for the last one exactly one gets it.
import type { PlanId, PlanLimits } from '@common/subscription-schemas';

import { planLimitError } from './plan-limit-errors';
import { effectiveLimits } from './plan-rows';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Kysely, Transaction } from 'kysely';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AccountPlan {
  id: PlanId;
  name: string;
  limits: PlanLimits;
}

/** The first day of the month counted (UTC), as the usage_counters.month column holds it. */
export function monthStart(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/** When the month's count starts again: the first of next month, 00:00 UTC. */
export function nextMonthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export async function verificationsThisMonth(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('usage_counters')
    .select('verifications')
    .where('account_id', '=', accountId)
    .where('month', '=', monthStart())
    .executeTakeFirst();
  return row?.verifications ?? 0;
}

export function buildPlanLimits({ db, config }: { db: Kysely<Database>; config: Config }) {
  async function find(accountId: string, executor: Executor = db): Promise<AccountPlan> {
    const subscription = await executor
      .selectFrom('subscriptions')
      .select('plan_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    const plan = await executor
      .selectFrom('plans')
      .select(['id', 'name', 'limits'])
      .where('id', '=', subscription?.plan_id ?? config.DEFAULT_PLAN)
      .executeTakeFirstOrThrow();
    return { id: plan.id, name: plan.name, limits: effectiveLimits(config, plan.id, plan.limits) };
  }

  return {
    /** The account's plan with its limits (PLAN_LIMITS_OVERRIDE applied); DEFAULT_PLAN without a subscription row. */
    find,

    /** 403 plan_limit unless the plan includes the feature. */
    async requireFeature(
      executor: Executor,
      accountId: string,
      feature: 'custom_domain' | 'api_access',
    ): Promise<void> {
      const { limits } = await find(accountId, executor);
      if (!limits[feature]) throw planLimitError(feature, 0, 0);
    },

    /** 403 plan_limit when one more would pass the limit; `used` counted by the caller under the account's lock. */
    async requireRoomFor(
      executor: Executor,
      accountId: string,
      key: 'team_members',
      used: number,
    ): Promise<void> {
      const limit = (await find(accountId, executor)).limits[key];
      if (limit !== null && used >= limit) throw planLimitError(key, limit, used);
    },

    /** 403 plan_limit for a sheet with more rows than one bulk operation may have. */
    async requireBulkRows(accountId: string, rows: number): Promise<void> {
      const limit = (await find(accountId)).limits.bulk_rows;
      if (limit !== null && rows > limit) throw planLimitError('bulk_rows', limit, rows);
    },

    /**
     * 403 plan_limit when the month has fewer than `adding` verifications left. A check before expensive work (a
     * single upload's securing, a bulk run's start); the count that holds is countVerification's.
     */
    async requireVerificationsLeft(accountId: string, adding = 1): Promise<void> {
      const limit = (await find(accountId)).limits.verifications_per_month;
      if (limit === null) return;
      const used = await verificationsThisMonth(db, accountId);
      if (used + adding > limit)
        throw planLimitError('verifications_per_month', limit, used, adding);
    },

    /** Counts one verification in the month, inside the transaction storing it; 403 plan_limit past the limit. */
    async countVerification(trx: Transaction<Database>, accountId: string): Promise<void> {
      const limit = (await find(accountId, trx)).limits.verifications_per_month;
      const month = monthStart();
      await trx
        .insertInto('usage_counters')
        .values({ account_id: accountId, month, verifications: 0 })
        .onConflict((conflict) => conflict.columns(['account_id', 'month']).doNothing())
        .execute();
      // A racing transaction's update waits for this one's row lock, then re-reads the row: the limit holds.
      const counted = await trx
        .updateTable('usage_counters')
        .set((eb) => ({ verifications: eb('verifications', '+', 1) }))
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .$if(limit !== null, (query) => query.where('verifications', '<', limit ?? 0))
        .returning('verifications')
        .executeTakeFirst();
      if (!counted && limit !== null) {
        throw planLimitError(
          'verifications_per_month',
          limit,
          await verificationsThisMonth(trx, accountId),
        );
      }
    },
  };
}

export type PlanLimitChecks = ReturnType<typeof buildPlanLimits>;
