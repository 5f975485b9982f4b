// The support API's shapes (/api/support/), written once: the server validates with these schemas, the SPA imports
// their limits and inferred types.
import { z } from 'zod';

import { textField } from './text-schemas';

export const SUPPORT_LIMITS = {
  subject: 200,
  message: 5000,
  /** The optional attachment, in bytes (5 MiB). */
  attachment_bytes: 5 * 1024 * 1024,
  /** The app's diagnostic state, attached when the user ticks the box, in characters of JSON (512 Ki). */
  diagnostic: 512 * 1024,
} as const;

/** What the attachment may be, as the file picker's `accept` (the server checks the bytes themselves). */
export const SUPPORT_ATTACHMENT_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,text/csv,.txt,.csv,.log,application/zip,.zip';
export const SUPPORT_ATTACHMENT_KINDS = 'an image, a PDF, a text or CSV file, or a zip';

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** What the app held and did (secrets masked), as JSON text: support staff get it as a file with the message. */
const diagnosticField = z
  .string({ error: 'The diagnostic state must be text.' })
  .max(
    SUPPORT_LIMITS.diagnostic,
    `The diagnostic state must be at most ${SUPPORT_LIMITS.diagnostic} characters.`,
  )
  .refine(isJsonObject, 'The diagnostic state must be a JSON object.');

/** POST /api/support/messages/: JSON, or a multipart form with these fields and an optional `attachment`. */
export const supportMessageFields = z.object({
  subject: textField(SUPPORT_LIMITS.subject, { blankMessage: 'Enter a subject.' }),
  message: textField(SUPPORT_LIMITS.message, {
    multiline: true,
    blankMessage: 'Write your message.',
  }),
  diagnostic: diagnosticField.optional(),
});
export type SupportMessageRequest = z.input<typeof supportMessageFields>;

/** 201 of POST /api/support/messages/: the reference both mails quote. */
export const supportMessageSentSchema = z.object({ id: z.uuid() });
export type SupportMessageSent = z.infer<typeof supportMessageSentSchema>;

/** GET /api/support/: what the form shows as its sender: where replies go, and the account's plan. */
export const supportSenderSchema = z.object({
  email: z.string(),
  plan: z.string(),
});
export type SupportSender = z.infer<typeof supportSenderSchema>;
