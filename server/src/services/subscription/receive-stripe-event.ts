// Stripe's webhook: the signature checked on the raw body, then the event applied once. Its id is stored in the
// transaction that applies it, so a redelivery changes nothing; and the account remembers the `created` time of
// the last event applied, so an older event arriving late (Stripe does not promise order) is recorded, not applied.
import { billingErrors } from './billing-errors';
import { isStripeSignatureError } from './stripe-client';
import { meaningOf, type SubscriptionChange } from './stripe-event-changes';

import type { Database } from '../../db/schema';
import type { SubscriptionDeps } from './subscription-deps';
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Stripe } from 'stripe';

/**
 * applied; not_applied: older than the account's state, or about a subscription the account no longer has;
 * duplicate: seen before; ignored: not an event we act on; unmatched: about no account we know.
 */
export type StripeEventOutcome = 'applied' | 'not_applied' | 'duplicate' | 'ignored' | 'unmatched';

export interface ReceivedStripeEvent {
  id: string;
  type: string;
  outcome: StripeEventOutcome;
}

function verify(
  { stripe, config }: SubscriptionDeps,
  body: Buffer,
  signature: string | string[] | undefined,
): Stripe.Event {
  if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw billingErrors.notConfigured();
  if (typeof signature !== 'string') throw billingErrors.invalidSignature();
  try {
    return stripe.webhooks.constructEvent(body, signature, config.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    if (isStripeSignatureError(error)) {
      throw billingErrors.invalidSignature();
    }
    throw error;
  }
}

/** Whether the row may take an event made at `created`: not older than the last applied. */
function isNotOlder(eb: ExpressionBuilder<Database, 'subscriptions'>, created: Date) {
  return eb.or([
    eb('subscriptions.stripe_event_created_at', 'is', null),
    eb('subscriptions.stripe_event_created_at', '<=', created),
  ]);
}

/** Whether the event's subscription is the account's own (or the account has none yet). */
function isCurrent(eb: ExpressionBuilder<Database, 'subscriptions'>, subscription: string | null) {
  return eb.or([
    eb('subscriptions.stripe_subscription_id', 'is', null),
    eb('subscriptions.stripe_subscription_id', '=', subscription ?? ''),
  ]);
}

async function apply(
  trx: Transaction<Database>,
  { accountId, stripeSubscriptionId, values }: SubscriptionChange,
  created: Date,
): Promise<boolean> {
  const stamp = { stripe_event_created_at: created, updated_at: new Date() };
  if (!('plan_id' in values)) {
    // A failed payment concerns the subscription the account pays with now, while it is paying.
    const updated = await trx
      .updateTable('subscriptions')
      .set({ ...values, ...stamp })
      .where('account_id', '=', accountId)
      .where('stripe_subscription_id', '=', stripeSubscriptionId ?? '')
      .where('status', 'in', ['active', 'past_due'])
      .where((eb) => isNotOlder(eb, created))
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }
  // An end applies only to the account's current subscription: ending an old one must not undo a newer one.
  const isEnd = values.status === 'canceled';
  const stamped = { ...values, ...stamp };
  const upserted = await trx
    .insertInto('subscriptions')
    .values({ account_id: accountId, ...stamped })
    .onConflict((conflict) =>
      conflict
        .column('account_id')
        .doUpdateSet(stamped)
        .where((eb) =>
          eb.and([
            isNotOlder(eb, created),
            ...(isEnd ? [isCurrent(eb, stripeSubscriptionId)] : []),
          ]),
        ),
    )
    .returning('account_id')
    .executeTakeFirst();
  return upserted !== undefined;
}

export async function receiveStripeEvent(
  deps: SubscriptionDeps,
  body: Buffer,
  signature: string | string[] | undefined,
): Promise<ReceivedStripeEvent> {
  const event = verify(deps, body, signature);
  const received = (outcome: StripeEventOutcome) => ({ id: event.id, type: event.type, outcome });
  const meaning = await meaningOf(deps.db, event, deps.config.DEFAULT_PLAN);
  if (meaning === 'ignored') return received('ignored');
  return deps.db.transaction().execute(async (trx) => {
    const isNew = await trx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!isNew) return received('duplicate');
    if (meaning === 'unmatched') return received('unmatched');
    const isApplied = await apply(trx, meaning, new Date(event.created * 1000));
    return received(isApplied ? 'applied' : 'not_applied');
  });
}
