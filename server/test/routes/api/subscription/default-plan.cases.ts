// DEFAULT_PLAN: the plan an account is on while it pays for none. A server without Stripe sells nothing, so its
// accounts are unlimited (Enterprise) unless the operator says otherwise; with Stripe they start on Free; the plan
// named in DEFAULT_PLAN wins either way, and a paid subscription that ends comes back to it.
import { startFakeStripe, fakeSubscription, type FakeStripe } from '../../../helpers/fake-stripe';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let stripe: FakeStripe;
let app: FastifyInstance;

beforeAll(async () => {
  stripe = await startFakeStripe();
});

afterAll(async () => {
  await stripe.close();
});

afterEach(async () => {
  await app?.close();
});

/** The test helpers pin DEFAULT_PLAN to free; an empty value unsets it, as in a .env file. */
async function startApp(env: Record<string, string>) {
  app = await createTestApp({ env: { PLAN_LIMITS_OVERRIDE: '{}', DEFAULT_PLAN: '', ...env } });
  return signedInUser(app);
}

async function subscriptionOf(user: TestUser) {
  const response = await app.inject({ url: '/api/subscription/', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function createApiKey(user: TestUser) {
  return app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys/',
    headers: user.headers,
    payload: { name: 'Registry' },
  });
}

test('without Stripe, a new account is on Enterprise: no limit it could never pay to lift', async () => {
  const owner = await startApp({});
  expect(await subscriptionOf(owner)).toMatchObject({
    plan: {
      id: 'enterprise',
      limits: {
        verifications_per_month: null,
        bulk_rows: null,
        team_members: null,
        custom_domain: true,
        api_access: true,
      },
    },
    status: 'free',
  });
  expect((await createApiKey(owner)).statusCode).toBe(201);
});

test('with Stripe, a new account starts on Free and meets its limits', async () => {
  const owner = await startApp(stripe.env);
  expect(await subscriptionOf(owner)).toMatchObject({
    plan: { id: 'free', limits: { verifications_per_month: 10, api_access: false } },
    status: 'free',
  });
  const refused = await createApiKey(owner);
  expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'plan_limit']);
});

test('DEFAULT_PLAN names the plan, with Stripe or without', async () => {
  const withoutStripe = await startApp({ DEFAULT_PLAN: 'starter' });
  expect((await subscriptionOf(withoutStripe)).plan.id).toBe('starter');
  await app.close();
  const withStripe = await startApp({ ...stripe.env, DEFAULT_PLAN: 'pro' });
  expect((await subscriptionOf(withStripe)).plan).toMatchObject({ id: 'pro', name: 'Pro' });
});

test('a paid subscription that ends goes back to DEFAULT_PLAN', async () => {
  const owner = await startApp({ ...stripe.env, DEFAULT_PLAN: 'starter' });
  const subscription = fakeSubscription({
    id: 'sub_ending',
    price: 'price_unknown',
    metadata: { account_id: owner.id, plan_id: 'pro', interval: 'month' },
  });
  for (const [type, created] of [
    ['customer.subscription.updated', 1_000],
    ['customer.subscription.deleted', 2_000],
  ] as const) {
    const { payload, headers } = stripe.sign(stripe.event(type, subscription, { created }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/subscription/stripe-webhook/',
      headers,
      payload,
    });
    expect(response.statusCode).toBe(200);
    if (created === 1_000) expect((await subscriptionOf(owner)).plan.id).toBe('pro');
  }
  expect(await subscriptionOf(owner)).toMatchObject({
    plan: { id: 'starter' },
    status: 'canceled',
  });
});
