// Response shapes the auth routes share.
import { z } from 'zod';

/** { status, data: { message } }: the register, resend and verification answers. */
export const messageAnswer = z.object({
  status: z.number(),
  data: z.object({ message: z.string() }),
});

export const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.literal('Bearer'),
});

export const profileAnswer = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  has_custom_domain: z.boolean(),
  industry: z.string().nullable(),
  is_shared: z.boolean(),
  shared_access: z.unknown(),
  owner_user: z.unknown(),
});
