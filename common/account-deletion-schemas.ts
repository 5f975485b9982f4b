// 'Delete account': DELETE /api/account/ {email} → 202 {delete_after}; POST /api/account/restore/ cancels.
import { z } from 'zod';

export const CONFIRM_DELETION_MESSAGE = 'Type your email address to confirm.';

export const accountDeletionRequestSchema = z.object({
  email: z.string({ error: CONFIRM_DELETION_MESSAGE }).trim().min(1, CONFIRM_DELETION_MESSAGE),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

/** When the account's data goes: now for a shared user, after the grace period for an owner. */
export const accountDeletionSchema = z.object({ delete_after: z.string() });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** What a deleted account's codes answer: the public API's 410 message and the page's explanation. */
export const WITHDRAWN_RECORD_MESSAGE = 'This record was withdrawn by its issuer.';
