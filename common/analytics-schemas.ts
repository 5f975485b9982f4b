// GET /api/analytics/scans/: scans per day and their breakdowns, read from the daily roll-up (docs/analytics.md).
import { z } from 'zod';

import { pageNumber } from './verifications-schemas';

export const ANALYTICS_LIMITS = { max_days: 365, default_days: 30 } as const;

/** The periods the dashboard offers. */
export const SCAN_PERIODS = [30, 90] as const;

export const scanAnalyticsQuerySchema = z.object({
  days: pageNumber(ANALYTICS_LIMITS.default_days, ANALYTICS_LIMITS.max_days),
  verification_id: z.string().max(100, 'Must be at most 100 characters.').optional(),
});
export type ScanAnalyticsQuery = z.input<typeof scanAnalyticsQuerySchema>;

const counts = z.record(z.string(), z.number());

export const scanAnalyticsSchema = z.object({
  /** Every day of the period, oldest first, days without scans included (UTC, YYYY-MM-DD). */
  days: z.array(z.object({ date: z.string(), scans: z.number() })),
  total: z.number(),
  by_device: counts,
  by_browser: counts,
  /** ISO 3166 alpha-2 from the scanning browser's Accept-Language region; scans without one are not counted. */
  by_country: counts,
  /** The most scanned verifications of the period; account-wide only (empty for one verification). */
  top: z.array(
    z.object({
      verification_id: z.string(),
      title: z.string(),
      holder_name: z.string(),
      code: z.string(),
      scans: z.number(),
    }),
  ),
  /** Verifications flagged by the unusual-activity rule now. */
  unusual: z.array(
    z.object({
      verification_id: z.string(),
      title: z.string(),
      reason: z.string(),
      since: z.string(),
    }),
  ),
});
export type ScanAnalytics = z.infer<typeof scanAnalyticsSchema>;
