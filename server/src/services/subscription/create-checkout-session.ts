// Checkout: where the owner pays for a plan. Stripe's hosted page creates the subscription; its webhook
// (receive-stripe-event.ts) then moves the account to the plan, so nothing changes here until Stripe says so.
import type { CheckoutRequest, RedirectUrl } from '@common/subscription-schemas';

import { billingErrors, callStripe } from './billing-errors';
import { createPortalSession } from './create-portal-session';

import type { AuthenticatedUser } from '../auth/find-user-by-access-token';
import type { SubscriptionDeps } from './subscription-deps';
import type { Stripe } from 'stripe';

async function findPrice(
  { db }: Pick<SubscriptionDeps, 'db'>,
  { plan_id, interval }: CheckoutRequest,
): Promise<string> {
  const plan = await db
    .selectFrom('plans')
    .select(['stripe_price_monthly', 'stripe_price_yearly'])
    .where('id', '=', plan_id)
    .executeTakeFirst();
  const price = interval === 'month' ? plan?.stripe_price_monthly : plan?.stripe_price_yearly;
  if (!price) throw billingErrors.notForSale();
  return price;
}

/**
 * The URL of a Checkout session for the plan. An account already paying for a plan gets the billing portal
 * instead: a second Checkout would start a second subscription beside the first, while the portal changes the one
 * it has (Stripe's portal settings decide which plans it offers).
 */
export async function createCheckoutSession(
  deps: SubscriptionDeps & { stripe: Stripe },
  owner: Pick<AuthenticatedUser, 'accountId' | 'email'>,
  request: CheckoutRequest,
): Promise<RedirectUrl> {
  const { db, config, stripe } = deps;
  const price = await findPrice(deps, request);
  const current = await db
    .selectFrom('subscriptions')
    .select(['plan_id', 'status', 'stripe_customer_id', 'stripe_subscription_id'])
    .where('account_id', '=', owner.accountId)
    .executeTakeFirst();
  const isPaying =
    current?.stripe_subscription_id &&
    current.plan_id !== 'free' &&
    (current.status === 'active' || current.status === 'past_due');
  if (isPaying) return createPortalSession(deps, owner.accountId);
  const metadata = {
    account_id: owner.accountId,
    plan_id: request.plan_id,
    interval: request.interval,
  };
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: `${config.PUBLIC_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${config.PUBLIC_URL}/subscription/failed`,
      client_reference_id: owner.accountId,
      metadata,
      subscription_data: { metadata },
      ...(current?.stripe_customer_id
        ? { customer: current.stripe_customer_id }
        : { customer_email: owner.email }),
    }),
  );
  if (!session.url) throw new Error(`Stripe answered Checkout session ${session.id} without a URL`);
  return { url: session.url };
}
