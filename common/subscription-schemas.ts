// The subscription API's shapes (/api/subscription/), written once: plans with their limits, the account's
// subscription and usage, checkout and the billing portal. The server validates and serialises with these
// schemas, the SPA imports their inferred types.
import { z } from 'zod';

/** Every plan an account can be on; the rows in the plans table carry these ids. */
export const PLAN_IDS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * What a plan allows. Counts are null when unlimited; the features are on or off. Scans of public pages are not
 * limited on any plan: a public page never stops working because its issuer's plan lapsed.
 */
export const planLimitsSchema = z.object({
  /** Verifications created in a calendar month (UTC), single and bulk alike; deleting one does not give it back. */
  verifications_per_month: z.number().int().min(0).nullable(),
  /** Rows one bulk operation may hold. */
  bulk_rows: z.number().int().min(0).nullable(),
  /** Shared users, invited or joined, besides the owner. */
  team_members: z.number().int().min(0).nullable(),
  custom_domain: z.boolean(),
  /** API keys and webhooks. */
  api_access: z.boolean(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;
export type PlanLimitKey = keyof PlanLimits;
export const PLAN_LIMIT_KEYS = planLimitsSchema.keyof().options;

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * free: pays for nothing (on the server's DEFAULT_PLAN, Free unless the operator chose another, or on a plan an
 * operator assigned); active: a paid plan in good standing; past_due: a payment failed, Stripe is retrying (the
 * plan's limits still apply); canceled: the paid subscription ended, the account is back on DEFAULT_PLAN.
 */
export const SUBSCRIPTION_STATUSES = ['free', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** One plan as the Plans screen shows it. Prices are in the currency's minor unit (cents); null: not sold online. */
export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  price_monthly: z.number().int().nullable(),
  price_yearly: z.number().int().nullable(),
  /** The intervals Checkout can sell it for (a Stripe price is set and Stripe is configured); empty: contact us. */
  checkout_intervals: z.array(z.enum(BILLING_INTERVALS)),
  limits: planLimitsSchema,
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/subscription/plans/ */
export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  /** False when the server has no Stripe keys: plans are changed by an operator ('Contact us to upgrade'). */
  checkout_enabled: z.boolean(),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** GET /api/subscription/ */
export const subscriptionSchema = z.object({
  plan: z.object({ id: z.enum(PLAN_IDS), name: z.string(), limits: planLimitsSchema }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  /** When the paid period ends (renews, or ends if cancel_at_period_end); null on Free. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** True when the owner can open Stripe's billing portal (Stripe is configured and the account has paid once). */
  billing_portal: z.boolean(),
  usage: z.object({
    verifications_this_month: z.number().int(),
    /** When this month's verification count starts again from 0 (the first of next month, UTC). */
    month_resets_at: z.string(),
    team_members: z.number().int(),
    custom_domain: z.boolean(),
    api_keys: z.number().int(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/subscription/checkout/ */
export const checkoutRequestSchema = z.object({
  plan_id: z.enum(PLAN_IDS, { error: 'Choose one of the plans.' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'Choose monthly or yearly billing.' }),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** GET /api/subscription/checkout/{session_id}/: Stripe sends the browser back with the id of a Checkout session. */
export const checkoutSessionParamsSchema = z.object({
  session_id: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: 'This is not a Checkout session id.' }),
});

/** A Checkout session of the account's, as Stripe reports it: whether it is paid, and the plan it was for. */
export const checkoutSessionSchema = z.object({
  /** Stripe's payment_status is paid. */
  paid: z.boolean(),
  /** The plan the session sold (its metadata); null when it names none this server knows. */
  plan: z.object({ id: z.enum(PLAN_IDS), name: z.string() }).nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The answer of checkout and portal: where to send the browser. */
export const redirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;

/** `error.details` of a 403 `plan_limit`: which limit stopped the request, the plan's number and what is used. */
export interface PlanLimitDetails {
  limit_key: PlanLimitKey;
  /** 0 for a feature the plan does not include. */
  limit: number;
  used: number;
}

/** POST /api/subscription/stripe-webhook/: Stripe only needs a 2xx; a repeated or ignored event is received too. */
export const stripeWebhookAnswerSchema = z.object({ received: z.literal(true) });
