// The one RTK Query API. Features add endpoints with baseApi.injectEndpoints in their api/ folder,
// so tags invalidate across features.
import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQueryWithReauth } from './base-query-with-reauth';

/** Seconds an unused cached answer is kept (spec: 5 minutes). */
const CACHE_LIFETIME_SECONDS = 300;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    'Profile',
    'Verification',
    'Template',
    'Bulk',
    'Integration',
    'Domain',
    'TeamUser',
    'Subscription',
    'Account',
  ],
  keepUnusedDataFor: CACHE_LIFETIME_SECONDS,
  endpoints: () => ({}),
});
