// `npm run plans`, run in this process against the test's database: list, set prices, Stripe price ids and
// limits that the running app then serves, and assign an account's plan.
import { rm } from 'node:fs/promises';

import { runPlansCli, runPlansCommand } from '../../src/cli/plans-command';
import { lockDataDir } from '../../src/lib/data-dir-lock';
import { captureCommand } from '../helpers/command-output';
import { sharedUser } from '../helpers/team';
import { createTempDir, createTestApp } from '../helpers/test-app';
import { signedInUser, type TestUser } from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ env: { PLAN_LIMITS_OVERRIDE: '{}' } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

function run(...argv: string[]) {
  return captureCommand((output) => runPlansCommand(app.db, argv, output, app.config));
}

async function storedPlan(id: 'free' | 'starter' | 'pro' | 'enterprise') {
  return app.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

test('list shows each plan with its prices, Stripe prices and limits', async () => {
  const { code, out } = await run('list');
  expect(code).toBe(0);
  const lines = out.split('\n');
  expect(lines[0]).toMatch(/^ID\s+NAME\s+MONTHLY\s+YEARLY\s+STRIPE MONTHLY\s+STRIPE YEARLY\s+/);
  expect(lines.map((line) => line.split(/\s{2,}/))).toEqual([
    expect.anything(),
    ['free', 'Free', '0.00 usd', '0.00 usd', '-', '-', '10', '10', '1', 'no', 'no'],
    ['starter', 'Starter', '19.00 usd', '190.00 usd', '-', '-', '200', '200', '3', 'no', 'yes'],
    ['pro', 'Pro', '79.00 usd', '790.00 usd', '-', '-', '2000', '5000', '15', 'yes', 'yes'],
    [
      'enterprise',
      'Enterprise',
      'none',
      'none',
      '-',
      '-',
      'unlimited',
      'unlimited',
      'unlimited',
      'yes',
      'yes',
    ],
    ['New accounts start on Free (DEFAULT_PLAN).'],
  ]);
});

test('set changes prices, Stripe price ids and limits, and the app serves them at once', async () => {
  const result = await run(
    'set',
    'starter',
    '--name',
    'Starter plus',
    '--price-monthly',
    '2500',
    '--currency',
    'EUR',
    '--stripe-price-monthly',
    'price_123',
    '--stripe-price-yearly',
    'none',
    '--limit',
    'verifications_per_month=300',
    '--limit',
    'team_members=unlimited',
    '--limit',
    'custom_domain=true',
  );
  expect(result).toMatchObject({ code: 0, err: '' });
  expect(result.out).toContain('Updated plan starter.');
  expect(await storedPlan('starter')).toMatchObject({
    name: 'Starter plus',
    price_monthly: 2500,
    price_yearly: 19_000,
    currency: 'eur',
    stripe_price_monthly: 'price_123',
    stripe_price_yearly: null,
    limits: {
      verifications_per_month: 300,
      bulk_rows: 200,
      team_members: null,
      custom_domain: true,
      api_access: true,
    },
  });
  const plans = await app.inject({ method: 'GET', url: '/api/subscription/plans/' });
  expect(plans.json().plans[1]).toMatchObject({ id: 'starter', name: 'Starter plus' });
});

test.each([
  [['set'], 'Say which plan to set: one of free, starter, pro, enterprise.'],
  [
    ['set', 'gold', '--name', 'Gold'],
    'Say which plan to set: one of free, starter, pro, enterprise.',
  ],
  [
    ['set', 'pro', '--price-monthly', '19.00'],
    '--price-monthly takes whole cents (1900 for 19.00) or none.',
  ],
  [['set', 'pro', '--limit', 'scans=5'], 'with a key among'],
  [
    ['set', 'pro', '--limit', 'bulk_rows=many'],
    'bulk_rows takes a whole number or unlimited, not "many".',
  ],
  [['set', 'pro', '--limit', 'api_access=maybe'], 'api_access takes true or false, not "maybe".'],
  [['set', 'pro', '--currency', 'euro'], '--currency takes a three-letter ISO code'],
  [['set', 'pro'], 'Nothing to set.'],
  [['set', 'pro', '--colour', 'blue'], "Unknown option '--colour'"],
  [['remove', 'pro'], 'Unknown command "remove".'],
])('refuses %p with a message and exit code 1', async (argv, message) => {
  const before = await storedPlan('pro');
  const result = await run(...argv);
  expect(result.code).toBe(1);
  expect(result.err).toContain(message);
  expect(await storedPlan('pro')).toEqual(before);
});

test('help prints the usage', async () => {
  expect(await run('help')).toMatchObject({ code: 0, out: expect.stringContaining('Usage:') });
  expect(await run()).toMatchObject({ code: 1, out: expect.stringContaining('npm run plans') });
});

test('the whole command names a setting it cannot use, before opening any database', async () => {
  const output = { out: jest.fn(), err: jest.fn() };
  const code = await runPlansCli(['list'], { PLAN_LIMITS_OVERRIDE: '{"gold": {}}' }, output);
  expect(code).toBe(1);
  expect(output.err).toHaveBeenCalledWith(expect.stringContaining('PLAN_LIMITS_OVERRIDE must be'));
  expect(output.out).not.toHaveBeenCalled();
});

async function insertSubscription(
  owner: TestUser,
  values: {
    plan_id: 'free' | 'pro';
    status: 'active' | 'canceled';
    stripe_customer_id: string;
    stripe_subscription_id?: string;
  },
) {
  await app.db
    .insertInto('subscriptions')
    .values({ account_id: owner.id, interval: null, current_period_end: null, ...values })
    .execute();
}

async function subscriptionOf(user: TestUser) {
  const response = await app.inject({ url: '/api/subscription/', headers: user.headers });
  return response.json();
}

describe('assign', () => {
  test('puts an account on a plan without payment; the app applies its limits at once', async () => {
    const owner = await signedInUser(app, { email: 'ada@example.com' });
    expect((await subscriptionOf(owner)).plan.id).toBe('free');

    const result = await run('assign', 'Ada@Example.com', 'enterprise');

    expect(result).toEqual({
      code: 0,
      out: 'Ada@Example.com is on the Enterprise plan now (was Free).',
      err: '',
    });
    expect(await subscriptionOf(owner)).toMatchObject({
      plan: { id: 'enterprise', limits: { verifications_per_month: null, api_access: true } },
      status: 'free',
      interval: null,
    });
    expect(await run('assign', 'ada@example.com', 'pro')).toMatchObject({
      code: 0,
      out: 'ada@example.com is on the Pro plan now (was Enterprise).',
    });
    expect((await subscriptionOf(owner)).plan.id).toBe('pro');
  });

  test('an account whose paid plan ended keeps its Stripe customer for the next Checkout', async () => {
    const owner = await signedInUser(app);
    await insertSubscription(owner, {
      plan_id: 'free',
      status: 'canceled',
      stripe_customer_id: 'cus_ended',
    });

    expect((await run('assign', owner.email, 'pro')).code).toBe(0);

    expect(
      await app.db
        .selectFrom('subscriptions')
        .select(['plan_id', 'status', 'stripe_customer_id'])
        .where('account_id', '=', owner.id)
        .executeTakeFirst(),
    ).toEqual({ plan_id: 'pro', status: 'free', stripe_customer_id: 'cus_ended' });
  });

  test('refuses an account paying through Stripe, whose next event would undo it', async () => {
    const owner = await signedInUser(app);
    await insertSubscription(owner, {
      plan_id: 'pro',
      status: 'active',
      stripe_customer_id: 'cus_paying',
      stripe_subscription_id: 'sub_paying',
    });

    const result = await run('assign', owner.email, 'enterprise');

    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toBe(
      `${owner.email} pays for the Pro plan through Stripe: change or cancel the subscription in Stripe (the owner's Manage billing) first.`,
    );
    expect((await subscriptionOf(owner)).plan.id).toBe('pro');
  });

  test("refuses a shared user's email, naming the owner whose account has the plan", async () => {
    const owner = await signedInUser(app, { email: 'olivia@example.com' });
    const shared = await sharedUser(app, owner, {}, { email: 'sam@example.com' });

    const result = await run('assign', shared.email, 'pro');

    expect(result).toMatchObject({
      code: 1,
      err: "sam@example.com is a shared user of olivia@example.com's account: assign the plan to olivia@example.com.",
    });
    expect((await subscriptionOf(owner)).plan.id).toBe('free');
  });

  test.each([
    [['assign'], 'Say whose plan to assign: assign <account email> <plan id>.'],
    [['assign', 'nobody@example.com', 'pro'], 'No account has the email nobody@example.com.'],
    [
      ['assign', 'ada@example.com'],
      'Say which plan to assign: one of free, starter, pro, enterprise.',
    ],
    [
      ['assign', 'ada@example.com', 'gold'],
      'Say which plan to assign: one of free, starter, pro, enterprise.',
    ],
    [['assign', 'ada@example.com', 'pro', 'extra'], 'Say whose plan to assign'],
    [['assign', 'ada@example.com', 'pro', '--force'], "Unknown option '--force'"],
  ])('refuses %p with a message and exit code 1', async (argv, message) => {
    const result = await run(...argv);
    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toContain(message);
  });

  test('holds the data folder: refused beside a running server, naming it', async () => {
    const dataDir = await createTempDir();
    const server = lockDataDir(dataDir, 'npm start');
    const output = { out: jest.fn(), err: jest.fn() };
    try {
      const code = await runPlansCli(
        ['assign', 'ada@example.com', 'pro'],
        { DATA_DIR: dataDir },
        output,
      );
      expect(code).toBe(1);
    } finally {
      server.release();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(output.err).toHaveBeenCalledWith(
      expect.stringContaining(`is in use by process ${process.pid} (npm start`),
    );
    expect(output.out).not.toHaveBeenCalled();
  });
});
