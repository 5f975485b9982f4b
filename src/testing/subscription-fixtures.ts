// Subscription answers for tests: the default plans, and an account's subscription on Free or on a paid plan.
import type { Plan, PlanLimits, PlansResponse, Subscription } from '@common/subscription-schemas';

import { jsonResponse } from './mock-fetch';

const FREE_LIMITS: PlanLimits = {
  verifications_per_month: 10,
  bulk_rows: 10,
  team_members: 1,
  custom_domain: false,
  api_access: false,
};

const STARTER_LIMITS: PlanLimits = {
  verifications_per_month: 200,
  bulk_rows: 200,
  team_members: 3,
  custom_domain: false,
  api_access: true,
};

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try QR Verify on a few documents.',
    currency: 'usd',
    price_monthly: 0,
    price_yearly: 0,
    checkout_intervals: [],
    limits: FREE_LIMITS,
  },
  {
    id: 'starter',
    name: 'Starter',
    description: 'For a department issuing certificates every month.',
    currency: 'usd',
    price_monthly: 1900,
    price_yearly: 19_000,
    checkout_intervals: ['month', 'year'],
    limits: STARTER_LIMITS,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For institutions: your own domain, bulk runs and a team.',
    currency: 'usd',
    price_monthly: 7900,
    price_yearly: 79_000,
    // Sold online by the month only: yearly is arranged with us.
    checkout_intervals: ['month'],
    limits: {
      verifications_per_month: 2000,
      bulk_rows: 5000,
      team_members: 15,
      custom_domain: true,
      api_access: true,
    },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Unlimited volume, single sign-on and a contract that fits.',
    currency: 'usd',
    price_monthly: null,
    price_yearly: null,
    checkout_intervals: [],
    limits: {
      verifications_per_month: null,
      bulk_rows: null,
      team_members: null,
      custom_domain: true,
      api_access: true,
    },
  },
];

export const PLANS_RESPONSE: PlansResponse = { plans: PLANS, checkout_enabled: true };

export const FREE_SUBSCRIPTION: Subscription = {
  plan: { id: 'free', name: 'Free', limits: FREE_LIMITS },
  status: 'free',
  interval: null,
  current_period_end: null,
  cancel_at_period_end: false,
  billing_portal: false,
  usage: {
    verifications_this_month: 3,
    month_resets_at: '2026-04-01T00:00:00.000Z',
    team_members: 0,
    custom_domain: false,
    api_keys: 0,
  },
};

export const STARTER_SUBSCRIPTION: Subscription = {
  plan: { id: 'starter', name: 'Starter', limits: STARTER_LIMITS },
  status: 'active',
  interval: 'month',
  current_period_end: '2026-04-05T10:00:00.000Z',
  cancel_at_period_end: false,
  billing_portal: true,
  usage: {
    verifications_this_month: 42,
    month_resets_at: '2026-04-01T00:00:00.000Z',
    team_members: 1,
    custom_domain: false,
    api_keys: 1,
  },
};

/** A subscription with the same plan but other limits and usage, e.g. to test how full a bar shows. */
export function subscriptionWith(
  changes: Partial<Omit<Subscription, 'plan' | 'usage'>> & {
    limits?: Partial<PlanLimits>;
    usage?: Partial<Subscription['usage']>;
  },
  base: Subscription = FREE_SUBSCRIPTION,
): Subscription {
  const { limits, usage, ...rest } = changes;
  return {
    ...base,
    ...rest,
    plan: { ...base.plan, limits: { ...base.plan.limits, ...limits } },
    usage: { ...base.usage, ...usage },
  };
}

/**
 * A mock server's answer to the plan reads a screen limited by the plan makes (GET /api/subscription/ and
 * /api/subscription/plans/), or undefined for any other request.
 */
export function planAnswer(subscription: Subscription) {
  return ({ path }: { path: string }): Response | undefined => {
    if (path === '/api/subscription/') return jsonResponse(subscription);
    if (path === '/api/subscription/plans/') return jsonResponse(PLANS_RESPONSE);
    return undefined;
  };
}
