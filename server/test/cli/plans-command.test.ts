// `npm run plans`, run in this process against the test's database: list, and set prices, Stripe price ids and
// limits that the running app then serves.
import { runPlansCli, runPlansCommand } from '../../src/cli/plans-command';
import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ env: { PLAN_LIMITS_OVERRIDE: '{}' } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPlansCommand(
    app.db,
    argv,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    app.config,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
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
