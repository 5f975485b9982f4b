// The subscription calls: the account's plan, status and usage and the plans on sale (read in lib/, since other
// features' screens show what their plan allows), the two ways out to Stripe (Checkout and the billing portal),
// which answer a URL to open, and the Checkout session Stripe sends the browser back with.
import { baseApi } from '@/lib/api/base-api';
import { SHOWN_BY_SCREEN } from '@/lib/api/subscription-api';
import type { CheckoutRequest, CheckoutSession, RedirectUrl } from '@common/subscription-schemas';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type {
  BillingInterval,
  CheckoutSession,
  Plan,
  PlanLimits,
  PlansResponse,
  Subscription,
  SubscriptionStatus,
} from '@common/subscription-schemas';
export {
  subscriptionApi,
  useGetPlansQuery,
  useGetSubscriptionQuery,
} from '@/lib/api/subscription-api';

export const checkoutApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<RedirectUrl, CheckoutRequest>({
      query: (body) => ({ url: 'subscription/checkout/', method: 'POST', body }),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    createPortalSession: build.mutation<RedirectUrl, void>({
      query: () => ({ url: 'subscription/portal/', method: 'POST' }),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    /** Whether Stripe reports the Checkout session paid: /subscription/success thanks no one before it does. */
    getCheckoutSession: build.query<CheckoutSession, string>({
      query: (sessionId) => `subscription/checkout/${encodeURIComponent(sessionId)}/`,
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const {
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
  useGetCheckoutSessionQuery,
} = checkoutApi;
