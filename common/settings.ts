// What the server tells the SPA about limits the operator configures, so the SPA never keeps a second copy.
import { z } from 'zod';

/** GET /api/settings/ (no sign-in needed). */
export const appSettingsSchema = z.object({
  /** The largest document the server accepts, in bytes (UPLOAD_MAX_BYTES). */
  upload_max_bytes: z.number(),
  /** A bulk operation's limits: rows in its sheet (BULK_MAX_ROWS), the sheet file, the documents zip. */
  bulk_max_rows: z.number(),
  bulk_sheet_max_bytes: z.number(),
  bulk_max_zip_bytes: z.number(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
