// Stripe's webhook: only signed events count; each handled event's effect on GET /api/subscription/; a
// redelivered event changes nothing, and an older event arriving late does not undo a newer state.
import type { Subscription } from '@common/subscription-schemas';

import {
  fakeSubscription,
  startFakeStripe,
  type FakeStripe,
  type FakeSubscriptionOptions,
} from '../../../helpers/fake-stripe';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const WEBHOOK = '/api/subscription/stripe-webhook/';

let stripe: FakeStripe;
let app: FastifyInstance;
let owner: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
});

afterAll(async () => {
  await stripe.close();
});

beforeEach(async () => {
  app = await createTestApp({ env: stripe.env });
  await app.ready();
  await app.db
    .updateTable('plans')
    .set({ stripe_price_monthly: 'price_starter_month', stripe_price_yearly: 'price_starter_year' })
    .where('id', '=', 'starter')
    .execute();
  await app.db
    .updateTable('plans')
    .set({ stripe_price_monthly: 'price_pro_month', stripe_price_yearly: 'price_pro_year' })
    .where('id', '=', 'pro')
    .execute();
  owner = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

async function post(event: object, secret?: string) {
  const { payload, headers } = stripe.sign(event, secret);
  return app.inject({ method: 'POST', url: WEBHOOK, headers, payload });
}

async function deliver(event: object): Promise<void> {
  const response = await post(event);
  expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
}

async function subscriptionOf(user: TestUser): Promise<Subscription> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/subscription/',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function briefly(subscription: Subscription) {
  const { plan, status, interval, cancel_at_period_end } = subscription;
  return { plan: plan.id, status, interval, cancel_at_period_end };
}

/** Pays a real Checkout of the app's: its events, as the fake's hosted page would send them. */
async function paidCheckout(user: TestUser, planId: string, interval: 'month' | 'year') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/subscription/checkout/',
    headers: user.headers,
    payload: { plan_id: planId, interval },
  });
  expect(response.statusCode).toBe(200);
  const session = stripe.checkoutSessions.at(-1)!;
  const events = stripe.pay(session);
  return { session, events };
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  created: number,
  options: FakeSubscriptionOptions,
) {
  return stripe.event(type, fakeSubscription(options), { created });
}

async function subscribedToStarter(created = 1_000) {
  const options = {
    id: 'sub_1',
    customer: 'cus_1',
    price: 'price_starter_month',
    metadata: { account_id: owner.id, plan_id: 'starter', interval: 'month' },
  };
  await deliver(subscriptionEvent('customer.subscription.updated', created, options));
  return options;
}

async function storedEventCount(): Promise<number> {
  const rows = await app.db.selectFrom('stripe_events').select('id').execute();
  return rows.length;
}

test('a paid Checkout moves the account to its plan, with the renewal date and the portal', async () => {
  expect(briefly(await subscriptionOf(owner))).toEqual({
    plan: 'free',
    status: 'free',
    interval: null,
    cancel_at_period_end: false,
  });
  const { session, events } = await paidCheckout(owner, 'starter', 'year');
  for (const event of events) await deliver(event);
  const subscription = await subscriptionOf(owner);
  expect(briefly(subscription)).toEqual({
    plan: 'starter',
    status: 'active',
    interval: 'year',
    cancel_at_period_end: false,
  });
  expect(subscription.billing_portal).toBe(true);
  const renewal = new Date(subscription.current_period_end!).getTime();
  expect(renewal).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  const row = await app.db
    .selectFrom('subscriptions')
    .select(['stripe_customer_id', 'stripe_subscription_id'])
    .where('account_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({
    stripe_customer_id: session.customer,
    stripe_subscription_id: session.subscription,
  });
});

test("the fake's hosted checkout sends the signed events to the app, then returns to the success URL", async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  stripe.setWebhookUrl(`http://127.0.0.1:${port}${WEBHOOK}`);
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout/',
      headers: owner.headers,
      payload: { plan_id: 'pro', interval: 'month' },
    });
    const { url } = response.json<{ url: string }>();
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    const sessionId = stripe.checkoutSessions.at(-1)!.id;
    expect(page.headers.get('location')).toBe(
      `${app.config.PUBLIC_URL}/subscription/success?session_id=${sessionId}`,
    );
    expect(briefly(await subscriptionOf(owner))).toMatchObject({ plan: 'pro', status: 'active' });
  } finally {
    stripe.setWebhookUrl(null);
  }
});

test('checkout.session.completed alone is enough: plan and interval from its metadata', async () => {
  const { events } = await paidCheckout(owner, 'pro', 'month');
  await deliver(events[0]);
  expect(briefly(await subscriptionOf(owner))).toEqual({
    plan: 'pro',
    status: 'active',
    interval: 'month',
    cancel_at_period_end: false,
  });
});

test('a wrong or missing signature: 400 invalid_signature, and nothing changes', async () => {
  const { events } = await paidCheckout(owner, 'starter', 'month');
  const wrong = await post(events[0], 'whsec_someone_else');
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error.code).toBe('invalid_signature');
  const { payload } = stripe.sign(events[0]);
  const unsigned = await app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  expect(unsigned.statusCode).toBe(400);
  expect(unsigned.json().error.code).toBe('invalid_signature');
  // Signed, then changed on the way: the signature covers the exact bytes.
  const signed = stripe.sign(events[0]);
  const tampered = await app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: signed.headers,
    payload: signed.payload.replace('"starter"', '"pro"'),
  });
  expect(tampered.statusCode).toBe(400);
  expect((await subscriptionOf(owner)).plan.id).toBe('free');
  expect(await storedEventCount()).toBe(0);
});

test('the same event twice changes nothing the second time', async () => {
  const starter = subscriptionEvent('customer.subscription.updated', 1_000, {
    id: 'sub_1',
    price: 'price_starter_month',
    metadata: { account_id: owner.id },
  });
  const pro = subscriptionEvent('customer.subscription.updated', 1_000, {
    id: 'sub_1',
    price: 'price_pro_month',
    metadata: { account_id: owner.id },
  });
  await deliver(starter);
  await deliver(pro);
  // Made in the same second as the change to Pro: only its id tells it was applied already.
  await deliver(starter);
  expect((await subscriptionOf(owner)).plan.id).toBe('pro');
  expect(await storedEventCount()).toBe(2);
});

test('customer.subscription.updated: plan and interval from the price, period end, cancel at period end', async () => {
  await subscribedToStarter();
  const periodEnd = Math.floor(Date.UTC(2031, 0, 15) / 1000);
  await deliver(
    subscriptionEvent('customer.subscription.updated', 2_000, {
      id: 'sub_1',
      price: 'price_pro_year',
      periodEnd,
      cancelAtPeriodEnd: true,
    }),
  );
  const subscription = await subscriptionOf(owner);
  expect(briefly(subscription)).toEqual({
    plan: 'pro',
    status: 'active',
    interval: 'year',
    cancel_at_period_end: true,
  });
  expect(subscription.current_period_end).toBe('2031-01-15T00:00:00.000Z');
});

test('a price the plans do not name: the plan from the metadata', async () => {
  await deliver(
    subscriptionEvent('customer.subscription.updated', 1_000, {
      price: 'price_legacy',
      interval: 'year',
      metadata: { account_id: owner.id, plan_id: 'pro' },
    }),
  );
  expect(briefly(await subscriptionOf(owner))).toMatchObject({ plan: 'pro', interval: 'year' });
});

test('customer.subscription.deleted: back on Free, canceled', async () => {
  const options = await subscribedToStarter();
  await deliver(subscriptionEvent('customer.subscription.deleted', 2_000, options));
  const subscription = await subscriptionOf(owner);
  expect(briefly(subscription)).toEqual({
    plan: 'free',
    status: 'canceled',
    interval: null,
    cancel_at_period_end: false,
  });
  expect(subscription.current_period_end).toBeNull();
  // The customer stays: invoices remain in the portal, and a new Checkout reuses it.
  expect(subscription.billing_portal).toBe(true);
});

test('an update to canceled or incomplete_expired is an end too', async () => {
  const options = await subscribedToStarter();
  await deliver(
    subscriptionEvent('customer.subscription.updated', 2_000, { ...options, status: 'canceled' }),
  );
  expect(briefly(await subscriptionOf(owner))).toMatchObject({
    plan: 'free',
    status: 'canceled',
  });
});

test('a failed payment makes it past due; the paid plan stays until Stripe gives up; a payment recovers it', async () => {
  const options = await subscribedToStarter();
  const invoice = {
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_1', metadata: options.metadata },
    },
  };
  await deliver(stripe.event('invoice.payment_failed', invoice, { created: 2_000 }));
  expect(briefly(await subscriptionOf(owner))).toMatchObject({
    plan: 'starter',
    status: 'past_due',
  });
  await deliver(subscriptionEvent('customer.subscription.updated', 3_000, options));
  expect(briefly(await subscriptionOf(owner))).toMatchObject({
    plan: 'starter',
    status: 'active',
  });
});

test('events out of order: an older update after a newer one or an end does not change the state', async () => {
  const options = await subscribedToStarter(1_000);
  await deliver(
    subscriptionEvent('customer.subscription.updated', 3_000, {
      ...options,
      price: 'price_pro_month',
    }),
  );
  await deliver(
    subscriptionEvent('customer.subscription.updated', 2_000, {
      ...options,
      status: 'past_due',
    }),
  );
  expect(briefly(await subscriptionOf(owner))).toMatchObject({ plan: 'pro', status: 'active' });

  await deliver(subscriptionEvent('customer.subscription.deleted', 5_000, options));
  await deliver(subscriptionEvent('customer.subscription.updated', 4_000, options));
  expect(briefly(await subscriptionOf(owner))).toMatchObject({
    plan: 'free',
    status: 'canceled',
  });
  // Recorded all the same: a redelivery is a duplicate.
  expect(await storedEventCount()).toBe(5);
});

test("the end of an old subscription does not end the account's new one", async () => {
  await subscribedToStarter(1_000);
  await deliver(
    subscriptionEvent('customer.subscription.updated', 2_000, {
      id: 'sub_2',
      price: 'price_pro_month',
      metadata: { account_id: owner.id },
    }),
  );
  await deliver(
    subscriptionEvent('customer.subscription.deleted', 3_000, {
      id: 'sub_1',
      price: 'price_starter_month',
    }),
  );
  expect(briefly(await subscriptionOf(owner))).toMatchObject({ plan: 'pro', status: 'active' });
});

test('events of other types and about unknown accounts are received and change nothing', async () => {
  await deliver(stripe.event('customer.created', { id: 'cus_9', object: 'customer' }));
  await deliver(
    subscriptionEvent('customer.subscription.updated', 1_000, {
      price: 'price_pro_month',
      metadata: { account_id: '00000000-0000-4000-8000-000000000000' },
    }),
  );
  await deliver(
    subscriptionEvent('customer.subscription.updated', 1_000, {
      price: 'price_pro_month',
      metadata: { account_id: 'not-a-uuid' },
    }),
  );
  expect((await subscriptionOf(owner)).plan.id).toBe('free');
  const rows = await app.db.selectFrom('subscriptions').select('account_id').execute();
  expect(rows).toEqual([]);
});

test('the JSON parser of every other route is untouched', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/subscription/checkout/',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: '{"plan_id": ',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.code).toBe('malformed_json');
});

test('without Stripe keys the webhook answers 409 billing_not_configured', async () => {
  const bare = await createTestApp();
  const { payload, headers } = stripe.sign(stripe.event('customer.created', {}));
  const response = await bare.inject({ method: 'POST', url: WEBHOOK, headers, payload });
  expect(response.statusCode).toBe(409);
  expect(response.json().error.code).toBe('billing_not_configured');
  await bare.close();
});
