// Scan analytics, injected into the one API: scans per day with their breakdowns, across the account or for one
// verification. Read from the server's daily roll-up; tagged with the verifications so a revoke or delete (which
// changes the unusual-activity list and the top documents) refreshes it.
import { baseApi } from '@/lib/api/base-api';
import type { ScanAnalytics } from '@common/analytics-schemas';

export type { ScanAnalytics } from '@common/analytics-schemas';
export { SCAN_PERIODS } from '@common/analytics-schemas';

export interface ScanAnalyticsParams {
  days: number;
  verification_id?: string;
}

export const scanAnalyticsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getScanAnalytics: build.query<ScanAnalytics, ScanAnalyticsParams>({
      query: (params) => ({ url: 'analytics/scans/', params }),
      providesTags: [{ type: 'Verification', id: 'LIST' }],
    }),
  }),
});

export const { useGetScanAnalyticsQuery } = scanAnalyticsApi;
