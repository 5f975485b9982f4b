// Stripe's billing portal, where the owner changes plan, card or invoices' details, or cancels; the changes come
// back as webhook events.
import type { RedirectUrl } from '@common/subscription-schemas';

import { billingErrors, callStripe } from './billing-errors';

import type { SubscriptionDeps } from './subscription-deps';
import type { Stripe } from 'stripe';

export async function createPortalSession(
  { db, config, stripe }: SubscriptionDeps & { stripe: Stripe },
  accountId: string,
): Promise<RedirectUrl> {
  const row = await db
    .selectFrom('subscriptions')
    .select('stripe_customer_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const customer = row?.stripe_customer_id;
  if (!customer) throw billingErrors.noCustomer();
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: `${config.PUBLIC_URL}/subscription`,
    }),
  );
  return { url: session.url };
}
