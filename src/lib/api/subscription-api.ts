// The account's plan and the plans on sale, read by every screen a plan limits (integrations, the custom domain,
// the team, bulk operations) as well as by the subscription screens: features do not import each other, so the
// reads live here. Checkout and the billing portal stay in the subscription feature.
import type { PlansResponse, Subscription } from '@common/subscription-schemas';

import { baseApi } from './base-api';

/** What a change to usage (a key created, a member invited) invalidates. */
export const SUBSCRIPTION_TAG = { type: 'Subscription', id: 'CURRENT' } as const;

/**
 * Every screen that reads the subscription explains a failure itself: the Overview and Plans have their error
 * states, a plan notice stays out of the way (the server still refuses what the plan lacks), and the past-due
 * banner on every screen stays silent (a toast there would follow the user around).
 */
export const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

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
  }),
});

export const { useGetSubscriptionQuery, useGetPlansQuery } = subscriptionApi;
