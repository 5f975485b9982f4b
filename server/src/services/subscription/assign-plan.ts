// An operator puts one account on a plan (`npm run plans -- assign <email> <plan>`): a plan it pays nothing for,
// kept until the operator assigns another or the owner buys one through Checkout. An account paying through Stripe
// is refused: Stripe's next event would set its plan back, so its plan is changed in Stripe.
import { normaliseEmail } from '@common/auth';
import type { PlanId } from '@common/subscription-schemas';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export type AssignPlanResult =
  | { outcome: 'assigned'; accountId: string; previousPlanId: PlanId | null }
  | { outcome: 'no_account' }
  /** The email is a shared user's: plans belong to the owner's account, named here. */
  | { outcome: 'shared_user'; ownerEmail: string }
  /** The account pays for `planId` through Stripe. */
  | { outcome: 'paying'; planId: PlanId };

export async function assignPlan(
  db: Kysely<Database>,
  email: string,
  planId: PlanId,
): Promise<AssignPlanResult> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .leftJoin('users as owner', 'owner.id', 'users.owner_id')
      .select(['users.id', 'users.owner_id', 'owner.email as owner_email'])
      .where('users.email', '=', normaliseEmail(email))
      .executeTakeFirst();
    if (!user) return { outcome: 'no_account' };
    if (user.owner_id) return { outcome: 'shared_user', ownerEmail: user.owner_email ?? '' };
    const current = await trx
      .selectFrom('subscriptions')
      .select(['plan_id', 'status', 'stripe_subscription_id'])
      .where('account_id', '=', user.id)
      .forUpdate()
      .executeTakeFirst();
    const isPaying =
      current?.stripe_subscription_id &&
      (current.status === 'active' || current.status === 'past_due');
    if (isPaying) return { outcome: 'paying', planId: current.plan_id };
    const assigned = {
      plan_id: planId,
      status: 'free' as const,
      interval: null,
      current_period_end: null,
      cancel_at_period_end: false,
      updated_at: new Date(),
    };
    await trx
      .insertInto('subscriptions')
      .values({ account_id: user.id, ...assigned })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(assigned))
      .execute();
    return { outcome: 'assigned', accountId: user.id, previousPlanId: current?.plan_id ?? null };
  });
}
