// The account's subscription as the Overview screen shows it: its plan and limits, billing state and usage.
import type { Subscription } from '@common/subscription-schemas';

import { nextMonthStart, verificationsThisMonth } from './plan-limits';

import type { SubscriptionDeps } from './subscription-deps';

async function countRows(
  { db }: Pick<SubscriptionDeps, 'db'>,
  table: 'team_members' | 'api_keys',
  accountId: string,
): Promise<number> {
  const query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId);
  const { count } = await (
    table === 'api_keys' ? query.where('revoked_at', 'is', null) : query
  ).executeTakeFirstOrThrow();
  return Number(count);
}

export async function getSubscription(
  deps: SubscriptionDeps,
  accountId: string,
): Promise<Subscription> {
  const { db, config, planLimits } = deps;
  const [plan, row, verifications, teamMembers, apiKeys, domain] = await Promise.all([
    planLimits.find(accountId),
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    verificationsThisMonth(db, accountId),
    countRows(deps, 'team_members', accountId),
    countRows(deps, 'api_keys', accountId),
    db
      .selectFrom('custom_domains')
      .select('status')
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
  ]);
  return {
    plan,
    status: row?.status ?? 'free',
    interval: row?.interval ?? null,
    current_period_end: row?.current_period_end?.toISOString() ?? null,
    cancel_at_period_end: row?.cancel_at_period_end ?? false,
    billing_portal: Boolean(config.STRIPE_SECRET_KEY && row?.stripe_customer_id),
    usage: {
      verifications_this_month: verifications,
      month_resets_at: nextMonthStart().toISOString(),
      team_members: teamMembers,
      custom_domain: domain !== undefined,
      api_keys: apiKeys,
    },
  };
}
