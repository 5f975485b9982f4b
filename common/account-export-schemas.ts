// 'Download my data' (/api/account/export/): the latest export as the account screen shows it, written once for
// the server's answers and the SPA's types.
import { z } from 'zod';

/** How long a ready export's download link works. */
export const ACCOUNT_EXPORT_LINK_HOURS = 24;

export const accountExportSchema = z.object({
  id: z.uuid(),
  /** expired: it was ready, and its link no longer works. */
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** 202 of POST /api/account/export/: the pending export (a second request while one is pending gets the same). */
export const accountExportStartedSchema = z.object({ id: z.uuid(), status: z.literal('pending') });
