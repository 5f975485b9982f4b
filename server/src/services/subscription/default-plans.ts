// The plans a new installation starts with (docs/configuration.md lists them). Seeded at start when missing;
// an operator's changes to a row (`npm run plans -- set …`) are never overwritten. Prices in cents.
import type { PlanId, PlanLimits } from '@common/subscription-schemas';

export interface PlanDefinition {
  id: PlanId;
  name: string;
  description: string;
  position: number;
  currency: string;
  price_monthly: number | null;
  price_yearly: number | null;
  limits: PlanLimits;
}

export const DEFAULT_PLANS: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try QR Verify on a few documents.',
    position: 0,
    currency: 'usd',
    price_monthly: 0,
    price_yearly: 0,
    limits: {
      verifications_per_month: 10,
      bulk_rows: 10,
      team_members: 1,
      custom_domain: false,
      api_access: false,
    },
  },
  {
    id: 'starter',
    name: 'Starter',
    description: 'For a department issuing certificates every month.',
    position: 1,
    currency: 'usd',
    price_monthly: 1900,
    price_yearly: 19_000,
    limits: {
      verifications_per_month: 200,
      bulk_rows: 200,
      team_members: 3,
      custom_domain: false,
      api_access: true,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For institutions: your own domain, bulk runs and a team.',
    position: 2,
    currency: 'usd',
    price_monthly: 7900,
    price_yearly: 79_000,
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
    position: 3,
    currency: 'usd',
    price_monthly: null,
    price_yearly: null,
    limits: {
      verifications_per_month: null,
      bulk_rows: null,
      team_members: null,
      custom_domain: true,
      api_access: true,
    },
  },
];
