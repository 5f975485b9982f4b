// The subscription calls, injected into the one API: the account's plan, status and usage (tag 'Subscription'),
// the plans on sale, and the two ways out to Stripe (Checkout and the billing portal), which answer a URL to open.
import { baseApi } from '@/lib/api/base-api';
import type {
  CheckoutRequest,
  PlansResponse,
  RedirectUrl,
  Subscription,
} from '@common/subscription-schemas';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type {
  BillingInterval,
  Plan,
  PlanLimits,
  PlansResponse,
  Subscription,
  SubscriptionStatus,
} from '@common/subscription-schemas';

const SUBSCRIPTION_TAG = { type: 'Subscription', id: 'CURRENT' } as const;

/**
 * Every screen that reads the subscription explains a failure itself: the Overview and Plans have their error
 * states, and the past-due banner on every screen stays silent (a toast there would follow the user around).
 */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

export const subscriptionApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSubscription: build.query<Subscription, void>({
      query: () => 'subscription/',
      providesTags: [SUBSCRIPTION_TAG],
      extraOptions: SHOWN_BY_SCREEN,
    }),
    getPlans: build.query<PlansResponse, void>({
      query: () => 'subscription/plans/',
      extraOptions: SHOWN_BY_SCREEN,
    }),
    createCheckoutSession: build.mutation<RedirectUrl, CheckoutRequest>({
      query: (body) => ({ url: 'subscription/checkout/', method: 'POST', body }),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    createPortalSession: build.mutation<RedirectUrl, void>({
      query: () => ({ url: 'subscription/portal/', method: 'POST' }),
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useGetPlansQuery,
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
} = subscriptionApi;
