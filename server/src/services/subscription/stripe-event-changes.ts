// What a Stripe event means for an account's subscription: which account (by the subscription or customer it
// names, else the account id Checkout put in its metadata) and its new state. Reads only; receive-stripe-event.ts
// applies the change.
import {
  BILLING_INTERVALS,
  PLAN_IDS,
  type BillingInterval,
  type PlanId,
  type SubscriptionStatus,
} from '@common/subscription-schemas';

import { isUuid } from '../../lib/uuid';

import type { Database, SubscriptionsTable } from '../../db/schema';
import type { Insertable, Kysely } from 'kysely';
import type { Stripe } from 'stripe';

/** The events to enable on the Stripe webhook endpoint; any other is answered 200 and ignored. */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

type SubscriptionValues = Omit<
  Insertable<SubscriptionsTable>,
  'account_id' | 'stripe_event_created_at' | 'updated_at'
>;

export interface SubscriptionChange {
  accountId: string;
  /** The Stripe subscription the event is about. */
  stripeSubscriptionId: string | null;
  /** The whole new state; or past_due alone, for the account's current paid subscription. */
  values: SubscriptionValues | { status: 'past_due' };
}

/** ignored: not an event we act on; unmatched: no account (or plan) it could be about. */
export type EventMeaning = SubscriptionChange | 'ignored' | 'unmatched';

type Db = Kysely<Database>;

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

function oneOf<Value extends string>(values: readonly Value[], value: unknown): Value | null {
  return values.find((known) => known === value) ?? null;
}

async function existingAccount(db: Db, id: string | null | undefined): Promise<string | null> {
  if (!id || !isUuid(id)) return null;
  const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return user?.id ?? null;
}

async function accountWith(
  db: Db,
  column: 'stripe_subscription_id' | 'stripe_customer_id',
  id: string | null,
): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('subscriptions')
    .select('account_id')
    .where(column, '=', id)
    .executeTakeFirst();
  return row?.account_id ?? null;
}

/** The plan and interval a Stripe price id is set for (plans.stripe_price_monthly or _yearly). */
async function planOfPrice(
  db: Db,
  price: string | undefined,
): Promise<{ planId: PlanId; interval: BillingInterval } | null> {
  if (!price) return null;
  const plan = await db
    .selectFrom('plans')
    .select(['id', 'stripe_price_monthly'])
    .where((eb) =>
      eb.or([eb('stripe_price_monthly', '=', price), eb('stripe_price_yearly', '=', price)]),
    )
    .executeTakeFirst();
  if (!plan) return null;
  return { planId: plan.id, interval: plan.stripe_price_monthly === price ? 'month' : 'year' };
}

function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // incomplete (the first payment is under way) and paused change nothing until the next event.
      return null;
  }
}

/** A paid subscription that ends takes the account back to the plan of accounts that pay for none (DEFAULT_PLAN). */
function ended(customer: string | null, defaultPlan: PlanId): SubscriptionValues {
  return {
    plan_id: defaultPlan,
    status: 'canceled',
    interval: null,
    current_period_end: null,
    cancel_at_period_end: false,
    ...(customer && { stripe_customer_id: customer }),
  };
}

/** Newer API versions keep the period on the subscription's items, older ones on the subscription itself. */
function periodEnd(subscription: Stripe.Subscription): Date | null {
  const seconds =
    (subscription as { current_period_end?: number }).current_period_end ??
    subscription.items.data[0]?.current_period_end;
  return seconds ? new Date(seconds * 1000) : null;
}

async function checkoutCompleted(db: Db, session: Stripe.Checkout.Session): Promise<EventMeaning> {
  if (session.mode !== 'subscription') return 'ignored';
  const accountId = await existingAccount(
    db,
    session.client_reference_id ?? session.metadata?.account_id,
  );
  const planId = oneOf(PLAN_IDS, session.metadata?.plan_id);
  if (!accountId || !planId) return 'unmatched';
  const customer = idOf(session.customer);
  const subscription = idOf(session.subscription);
  return {
    accountId,
    stripeSubscriptionId: subscription,
    values: {
      plan_id: planId,
      status: 'active',
      interval: oneOf(BILLING_INTERVALS, session.metadata?.interval),
      cancel_at_period_end: false,
      ...(customer && { stripe_customer_id: customer }),
      ...(subscription && { stripe_subscription_id: subscription }),
    },
  };
}

async function subscriptionChanged(
  db: Db,
  subscription: Stripe.Subscription,
  isDeleted: boolean,
  defaultPlan: PlanId,
): Promise<EventMeaning> {
  const accountId =
    (await accountWith(db, 'stripe_subscription_id', subscription.id)) ??
    (await existingAccount(db, subscription.metadata?.account_id));
  if (!accountId) return 'unmatched';
  const customer = idOf(subscription.customer);
  const status = isDeleted ? 'canceled' : statusOf(subscription.status);
  if (status === null) return 'ignored';
  const change = { accountId, stripeSubscriptionId: subscription.id };
  if (status === 'canceled') return { ...change, values: ended(customer, defaultPlan) };
  const price = subscription.items.data[0]?.price;
  const byPrice = await planOfPrice(db, price?.id);
  const planId = byPrice?.planId ?? oneOf(PLAN_IDS, subscription.metadata?.plan_id);
  if (!planId) return 'unmatched';
  return {
    ...change,
    values: {
      plan_id: planId,
      status,
      interval:
        byPrice?.interval ??
        oneOf(BILLING_INTERVALS, price?.recurring?.interval) ??
        oneOf(BILLING_INTERVALS, subscription.metadata?.interval),
      current_period_end: periodEnd(subscription),
      cancel_at_period_end: subscription.cancel_at_period_end,
      stripe_subscription_id: subscription.id,
      ...(customer && { stripe_customer_id: customer }),
    },
  };
}

async function paymentFailed(db: Db, invoice: Stripe.Invoice): Promise<EventMeaning> {
  const details = invoice.parent?.subscription_details;
  // Older API versions name the subscription on the invoice itself.
  const subscription =
    idOf(details?.subscription) ?? idOf((invoice as { subscription?: string }).subscription);
  if (!subscription) return 'ignored';
  const accountId =
    (await accountWith(db, 'stripe_subscription_id', subscription)) ??
    (await existingAccount(db, details?.metadata?.account_id)) ??
    (await accountWith(db, 'stripe_customer_id', idOf(invoice.customer)));
  if (!accountId) return 'unmatched';
  return { accountId, stripeSubscriptionId: subscription, values: { status: 'past_due' } };
}

export async function meaningOf(
  db: Db,
  event: Stripe.Event,
  defaultPlan: PlanId,
): Promise<EventMeaning> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(db, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionChanged(db, event.data.object, false, defaultPlan);
    case 'customer.subscription.deleted':
      return subscriptionChanged(db, event.data.object, true, defaultPlan);
    case 'invoice.payment_failed':
      return paymentFailed(db, event.data.object);
    default:
      return 'ignored';
  }
}
