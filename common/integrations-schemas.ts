// The integrations API's shapes, written once: API keys (/api/integrations/api-keys/) and webhook endpoints with
// their deliveries (/api/integrations/webhooks/). The server validates and serialises with these schemas, the SPA
// imports their inferred types and the event list.
import { z } from 'zod';

import { personSchema } from './team-schemas';
import { textField } from './text-schemas';
import { pageNumber } from './verifications-schemas';

export const INTEGRATION_LIMITS = {
  key_name: 100,
  webhook_url: 2000,
  webhook_description: 500,
  /** Keys and endpoints an account may have at once (live keys; revoked ones do not count). */
  api_keys: 50,
  webhooks: 20,
  deliveries_default_page_size: 20,
  deliveries_page_size: 100,
} as const;

/** What a webhook endpoint can subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENTS = [
  'verification.created',
  'verification.updated',
  'verification.revoked',
  'verification.deleted',
  'verification.scanned',
  'verification.unusual_activity',
  'bulk_operation.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by "Send test", whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type DeliveredEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** pending: waiting for its first attempt; retrying: failed, another attempt planned; failed: given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const integrationIdParams = z.object({ id: z.string() });
export const deliveryIdParams = z.object({ id: z.string(), deliveryId: z.string() });

/** POST /api/integrations/api-keys/ */
export const createApiKeySchema = z.object({ name: textField(INTEGRATION_LIMITS.key_name) });
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

/** One key as the list shows it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`qrv_` and a few more), to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Null once that user is deleted. */
  created_by: personSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time `key` is shown. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  key: z.string(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ count: z.number(), results: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

const webhookUrlField = textField(INTEGRATION_LIMITS.webhook_url).refine((value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}, 'Enter a valid URL starting with https://.');

const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Must be one of ${WEBHOOK_EVENTS.join(', ')}.` }))
  .min(1, 'Choose at least one event.')
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

const webhookDescriptionField = textField(INTEGRATION_LIMITS.webhook_description, {
  multiline: true,
  blankMessage: false,
});

/** POST /api/integrations/webhooks/ */
export const createWebhookSchema = z.object({
  url: webhookUrlField,
  events: webhookEventsField,
  description: webhookDescriptionField.default(''),
});
export type CreateWebhookRequest = z.input<typeof createWebhookSchema>;
export type CreateWebhook = z.output<typeof createWebhookSchema>;

/** PATCH /api/integrations/webhooks/{id}/: any of these; rotate_secret issues a new secret. */
export const updateWebhookSchema = z.object({
  url: webhookUrlField.optional(),
  events: webhookEventsField.optional(),
  description: webhookDescriptionField.optional(),
  enabled: z.boolean({ error: 'Must be true or false.' }).optional(),
  rotate_secret: z.boolean({ error: 'Must be true or false.' }).optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookSchema>;
export type UpdateWebhook = z.output<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** `whsec_` + base64 of 32 random bytes: what deliveries are signed with. Empty for view-only readers. */
  secret: z.string(),
  enabled: z.boolean(),
  /** Why the server turned the endpoint off (retries spent, 410 Gone); null when it is on or turned off by hand. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ count: z.number(), results: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** GET /api/integrations/webhooks/{id}/deliveries/: which page, newest first. */
export const deliveryListQuerySchema = z.object({
  page: pageNumber(1),
  page_size: pageNumber(
    INTEGRATION_LIMITS.deliveries_default_page_size,
    INTEGRATION_LIMITS.deliveries_page_size,
  ),
});
export type DeliveryListQuery = z.output<typeof deliveryListQuerySchema>;

/** One event sent (or being sent) to one endpoint, with its latest attempt. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt of this delivery. */
  message_id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Attempts made so far (0 before the first). */
  attempt: z.number(),
  /** The last attempt's HTTP status; null when none answered (timeout, refused address, no attempt yet). */
  response_status: z.number().nullable(),
  /** The start of the last answer's body, or what went wrong when there was none. */
  response_excerpt: z.string(),
  duration_ms: z.number().nullable(),
  next_retry_at: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(webhookDeliverySchema),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
