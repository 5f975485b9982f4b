// Checkout and the billing portal against the loopback fake Stripe: what the app asks Stripe for, who may ask, and
// the answers without Stripe keys, for plans not sold online and while Stripe is down.
import { startFakeStripe, type FakeStripe } from '../../../helpers/fake-stripe';
import { EDIT_ALL, sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

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
  stripe.checkoutSessions.length = 0;
  stripe.portalSessions.length = 0;
  app = await createTestApp({ env: stripe.env });
  await app.ready();
  await app.db
    .updateTable('plans')
    .set({ stripe_price_monthly: 'price_starter_month', stripe_price_yearly: 'price_starter_year' })
    .where('id', '=', 'starter')
    .execute();
  await app.db
    .updateTable('plans')
    .set({ stripe_price_monthly: 'price_pro_month' })
    .where('id', '=', 'pro')
    .execute();
  owner = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

function checkout(user: TestUser, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/subscription/checkout/',
    headers: user.headers,
    payload: body,
  });
}

function portal(user: TestUser) {
  return app.inject({ method: 'POST', url: '/api/subscription/portal/', headers: user.headers });
}

async function setSubscription(values: {
  plan_id: 'free' | 'starter' | 'pro';
  status: 'active' | 'past_due' | 'canceled';
  stripe_customer_id: string;
  stripe_subscription_id?: string;
}): Promise<void> {
  await app.db
    .insertInto('subscriptions')
    .values({ account_id: owner.id, interval: null, current_period_end: null, ...values })
    .execute();
}

test("Checkout: a subscription session for the plan's price, back to the app, for the account", async () => {
  const response = await checkout(owner, { plan_id: 'starter', interval: 'year' });
  expect(response.statusCode).toBe(200);
  const [session] = stripe.checkoutSessions;
  expect(response.json()).toEqual({ url: `${stripe.url}/checkout/${session.id}` });
  const metadata = { account_id: owner.id, plan_id: 'starter', interval: 'year' };
  expect(session.params).toEqual({
    mode: 'subscription',
    line_items: [{ price: 'price_starter_year', quantity: '1' }],
    success_url: `${app.config.PUBLIC_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${app.config.PUBLIC_URL}/subscription/failed`,
    client_reference_id: owner.id,
    metadata,
    subscription_data: { metadata },
    customer_email: owner.email,
  });
});

test('Checkout reuses the Stripe customer the account already has', async () => {
  await setSubscription({ plan_id: 'free', status: 'canceled', stripe_customer_id: 'cus_known' });
  const response = await checkout(owner, { plan_id: 'pro', interval: 'month' });
  expect(response.statusCode).toBe(200);
  const [session] = stripe.checkoutSessions;
  expect(session.params).toMatchObject({
    customer: 'cus_known',
    line_items: [{ price: 'price_pro_month' }],
  });
  expect(session.params).not.toHaveProperty('customer_email');
});

test('an account already paying for a plan is sent to the billing portal, not to a second Checkout', async () => {
  await setSubscription({
    plan_id: 'starter',
    status: 'active',
    stripe_customer_id: 'cus_paying',
    stripe_subscription_id: 'sub_paying',
  });
  const response = await checkout(owner, { plan_id: 'pro', interval: 'month' });
  expect(response.statusCode).toBe(200);
  expect(stripe.checkoutSessions).toEqual([]);
  const [session] = stripe.portalSessions;
  expect(response.json()).toEqual({ url: `${stripe.url}/portal/${session.id}` });
});

test('plans and billing periods without a Stripe price are not for sale', async () => {
  for (const body of [
    { plan_id: 'free', interval: 'month' },
    { plan_id: 'enterprise', interval: 'year' },
    { plan_id: 'pro', interval: 'year' },
  ]) {
    const response = await checkout(owner, body);
    expect([body, response.statusCode, response.json().error.code]).toEqual([
      body,
      400,
      'plan_not_for_sale',
    ]);
  }
  const unknown = await checkout(owner, { plan_id: 'gold', interval: 'month' });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().error).toMatchObject({
    code: 'validation_failed',
    details: { plan_id: ['Choose one of the plans.'] },
  });
  expect(stripe.checkoutSessions).toEqual([]);
});

test('the billing portal opens for the customer and comes back to the Overview', async () => {
  await setSubscription({ plan_id: 'pro', status: 'active', stripe_customer_id: 'cus_portal' });
  const response = await portal(owner);
  expect(response.statusCode).toBe(200);
  const [session] = stripe.portalSessions;
  expect(response.json()).toEqual({ url: `${stripe.url}/portal/${session.id}` });
  expect(session.params).toEqual({
    customer: 'cus_portal',
    return_url: `${app.config.PUBLIC_URL}/subscription`,
  });
  const page = await fetch(session.url);
  expect(await page.text()).toContain('Billing portal');
});

test('the billing portal needs a Stripe customer first', async () => {
  const response = await portal(owner);
  expect(response.statusCode).toBe(409);
  expect(response.json().error).toEqual({
    code: 'no_billing_account',
    message: 'There is no billing account yet: choose a plan first.',
  });
  expect(stripe.portalSessions).toEqual([]);
});

test('only the owner pays: a shared user with edit access is refused', async () => {
  const shared = await sharedUser(app, owner, EDIT_ALL);
  expect((await checkout(shared, { plan_id: 'starter', interval: 'month' })).statusCode).toBe(403);
  expect((await portal(shared)).statusCode).toBe(403);
  expect(stripe.checkoutSessions).toEqual([]);
});

test('Stripe down: 503 with a message to try again, nothing of Stripe’s error leaks', async () => {
  stripe.failApiCalls(500);
  try {
    const response = await checkout(owner, { plan_id: 'starter', interval: 'month' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({
      error: {
        code: 'payment_service_unavailable',
        message: 'Payment service unavailable, try again in a minute.',
      },
    });
  } finally {
    stripe.failApiCalls(null);
  }
});

test('without Stripe keys: 409 billing_not_configured, with words the Plans screen can show', async () => {
  const bare = await createTestApp();
  const user = await signedInUser(bare);
  for (const url of ['/api/subscription/checkout/', '/api/subscription/portal/']) {
    const response = await bare.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { plan_id: 'starter', interval: 'month' },
    });
    expect([url, response.statusCode, response.json()]).toEqual([
      url,
      409,
      {
        error: {
          code: 'billing_not_configured',
          message: 'Online payment is not set up here. Contact us to upgrade.',
        },
      },
    ]);
  }
  await bare.close();
});

describe('a Checkout session read back (what /subscription/success may say)', () => {
  function sessionOf(user: TestUser, id: string) {
    return app.inject({ url: `/api/subscription/checkout/${id}/`, headers: user.headers });
  }

  async function startedCheckout(user: TestUser) {
    expect((await checkout(user, { plan_id: 'starter', interval: 'month' })).statusCode).toBe(200);
    return stripe.checkoutSessions.at(-1)!;
  }

  test("paid only once Stripe reports the account's session paid, with the plan it sold", async () => {
    const session = await startedCheckout(owner);
    const before = await sessionOf(owner, session.id);
    expect([before.statusCode, before.json()]).toEqual([
      200,
      { paid: false, plan: { id: 'starter', name: 'Starter' } },
    ]);

    stripe.pay(session);

    const after = await sessionOf(owner, session.id);
    expect([after.statusCode, after.json()]).toEqual([
      200,
      { paid: true, plan: { id: 'starter', name: 'Starter' } },
    ]);
    // Anyone of the account may look: a shared user sees the same.
    const shared = await sharedUser(app, owner, EDIT_ALL);
    expect((await sessionOf(shared, session.id)).json()).toMatchObject({ paid: true });
  });

  test("another account's session, or one Stripe does not know, is not found: nothing to confirm", async () => {
    const session = await startedCheckout(owner);
    stripe.pay(session);
    const stranger = await signedInUser(app);
    for (const [user, id] of [
      [stranger, session.id],
      [owner, 'cs_test_unknown'],
    ] as const) {
      const response = await sessionOf(user, id);
      expect([response.statusCode, response.json()]).toEqual([
        404,
        {
          error: {
            code: 'not_found',
            message: 'This account has no Checkout session with this id.',
          },
        },
      ]);
    }
  });

  test('an id that is not a Checkout session id is refused before Stripe is asked', async () => {
    const response = await sessionOf(owner, 'sub_123');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      details: { session_id: ['This is not a Checkout session id.'] },
    });
  });

  test('Stripe down: 503; without Stripe keys: 409', async () => {
    const session = await startedCheckout(owner);
    stripe.failApiCalls(500);
    try {
      const response = await sessionOf(owner, session.id);
      expect([response.statusCode, response.json().error.code]).toEqual([
        503,
        'payment_service_unavailable',
      ]);
    } finally {
      stripe.failApiCalls(null);
    }
    const bare = await createTestApp();
    const user = await signedInUser(bare);
    const response = await bare.inject({
      url: `/api/subscription/checkout/${session.id}/`,
      headers: user.headers,
    });
    expect([response.statusCode, response.json().error.code]).toEqual([
      409,
      'billing_not_configured',
    ]);
    await bare.close();
  });
});
