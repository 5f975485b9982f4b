// What the success page may say after Checkout: whether Stripe reports the session paid. Only a session of this
// account counts (Checkout puts the account id in client_reference_id; a returning customer is also known by its
// Stripe customer id), so an address typed by hand or someone else's session id confirms nothing.
import { PLAN_IDS, type CheckoutSession } from '@common/subscription-schemas';

import { billingErrors, callStripe } from './billing-errors';

import type { SubscriptionDeps } from './subscription-deps';
import type { Stripe } from 'stripe';

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

export async function getCheckoutSession(
  { db, stripe }: SubscriptionDeps & { stripe: Stripe },
  accountId: string,
  sessionId: string,
): Promise<CheckoutSession> {
  const session = await callStripe(
    () => stripe.checkout.sessions.retrieve(sessionId),
    billingErrors.checkoutSessionNotFound,
  );
  const account = await db
    .selectFrom('subscriptions')
    .select('stripe_customer_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const customer = idOf(session.customer);
  const isAccountsOwn =
    session.client_reference_id === accountId ||
    (customer !== null && customer === account?.stripe_customer_id);
  if (!isAccountsOwn) throw billingErrors.checkoutSessionNotFound();
  const planId = PLAN_IDS.find((id) => id === session.metadata?.plan_id);
  const plan = planId
    ? await db
        .selectFrom('plans')
        .select(['id', 'name'])
        .where('id', '=', planId)
        .executeTakeFirst()
    : undefined;
  return { paid: session.payment_status === 'paid', plan: plan ?? null };
}
