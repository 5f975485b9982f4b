// The seal keys API's shapes (/api/seals/keys/…), written once: the server validates and serialises with these
// schemas, the SPA imports their inferred types. The trust list's own shape is in seals/trust-list.ts.
import { z } from 'zod';

import { SEAL_KEY_STATUSES } from './seals/trust-list';

/** One of the account's signing keys; the private half never leaves the server. */
export const sealKeySchema = z.object({
  kid: z.string(),
  /** active: new seals use it (one per account); retired: replaced, its seals still verify; revoked: see revoked_at. */
  status: z.enum(SEAL_KEY_STATUSES),
  created_at: z.string(),
  retired_at: z.string().nullable(),
  /** Seals made at or after this time fail everywhere the trust list reaches. */
  revoked_at: z.string().nullable(),
  /** How many verifications carry a seal made with this key. */
  seal_count: z.number(),
});
export type SealKey = z.infer<typeof sealKeySchema>;

/** GET /api/seals/keys/ (newest first) */
export const sealKeyListSchema = z.object({ keys: z.array(sealKeySchema) });
export type SealKeyList = z.infer<typeof sealKeyListSchema>;

/** POST /api/seals/keys/{kid}/revoke/: from when its seals stop verifying; now when left out. */
export const revokeSealKeySchema = z.object({
  revoked_at: z.iso
    .datetime({ offset: true, error: 'Enter a date and time, e.g. 2026-11-25T09:00:00Z.' })
    .optional(),
});
export type RevokeSealKeyRequest = z.input<typeof revokeSealKeySchema>;

export const sealKeyParams = z.object({ kid: z.string() });
