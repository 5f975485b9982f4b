// The subscription services as handlers call them, built once with their dependencies (see plugins/services.ts):
// the plans on sale, an account's subscription and usage, and (with Stripe configured) checkout, the billing
// portal and Stripe's events. The plan limits themselves are checked by the services doing the work (planLimits).
import type {
  CheckoutRequest,
  CheckoutSession,
  PlansResponse,
  RedirectUrl,
  Subscription,
} from '@common/subscription-schemas';

import { billingErrors } from './billing-errors';
import { createCheckoutSession } from './create-checkout-session';
import { createPortalSession } from './create-portal-session';
import { getCheckoutSession } from './get-checkout-session';
import { getSubscription } from './get-subscription';
import { selectPlans, toPlan } from './plan-rows';
import { receiveStripeEvent, type ReceivedStripeEvent } from './receive-stripe-event';
import { createStripeClient } from './stripe-client';

import type { AuthenticatedUser } from '../auth/find-user-by-access-token';
import type { SubscriptionDeps } from './subscription-deps';

export function buildSubscriptionServices(options: Omit<SubscriptionDeps, 'stripe'>) {
  const deps: SubscriptionDeps = { ...options, stripe: createStripeClient(options.config) };
  const { db, config, stripe } = deps;

  function withStripe() {
    if (!stripe) throw billingErrors.notConfigured();
    return { ...deps, stripe };
  }

  return {
    async listPlans(): Promise<PlansResponse> {
      const rows = await selectPlans(db).execute();
      return {
        plans: rows.map((row) => toPlan(config, row)),
        checkout_enabled: Boolean(stripe),
      };
    },

    get(accountId: string): Promise<Subscription> {
      return getSubscription(deps, accountId);
    },

    /** A Checkout session's URL, or the billing portal's for an account already paying (see the function). */
    checkout(owner: AuthenticatedUser, request: CheckoutRequest): Promise<RedirectUrl> {
      return createCheckoutSession(withStripe(), owner, request);
    },

    /** Whether Stripe reports the account's Checkout session paid; 404 for a session not the account's. */
    checkoutSession(accountId: string, sessionId: string): Promise<CheckoutSession> {
      return getCheckoutSession(withStripe(), accountId, sessionId);
    },

    portal(accountId: string): Promise<RedirectUrl> {
      return createPortalSession(withStripe(), accountId);
    },

    /** Verifies and applies one webhook delivery; 400 invalid_signature when it is not Stripe's. */
    receiveStripeEvent(
      body: Buffer,
      signature: string | string[] | undefined,
    ): Promise<ReceivedStripeEvent> {
      return receiveStripeEvent(deps, body, signature);
    },
  };
}

export type SubscriptionServices = ReturnType<typeof buildSubscriptionServices>;
