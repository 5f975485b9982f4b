// The one RTK Query API. Features add endpoints with baseApi.injectEndpoints in their api/ folder, so tags
// invalidate across features; each passes overrideExisting: 'throw', so two endpoints can never share a name
// (the one injected first would silently serve both).
import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQueryWithReauth } from './base-query-with-reauth';

/** Seconds an unused cached answer is kept: five minutes. */
const CACHE_LIFETIME_SECONDS = 300;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  // A feature adds its tag type when it first caches something; none is declared ahead of use.
  tagTypes: [
    'Profile',
    'Verification',
    'Template',
    'TeamMember',
    'BulkOperation',
    'CustomDomain',
    'ApiKey',
    'Webhook',
    'WebhookDelivery',
    'Subscription',
  ],
  keepUnusedDataFor: CACHE_LIFETIME_SECONDS,
  endpoints: () => ({}),
});
