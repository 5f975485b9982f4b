// Rules of the API key and webhook forms, with the limits the server applies (common/integrations-schemas.ts).
import { array, object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL events are sent to.',
  // The server's own wording for a URL it refuses.
  urlInvalid: 'Enter a valid URL starting with https://.',
  events: 'Choose at least one event.',
} as const;

function isWebUrl(value: string | undefined): boolean {
  try {
    const { protocol } = new URL(value ?? '');
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export const validateApiKey = validateWithSchema(
  object({
    name: string()
      .trim()
      .required('Name the key after the system that will use it.')
      .max(
        INTEGRATION_LIMITS.key_name,
        `The name must be at most ${INTEGRATION_LIMITS.key_name} characters`,
      ),
  }),
);

export const validateWebhook = validateWithSchema(
  object({
    url: string()
      .trim()
      .required(WEBHOOK_MESSAGES.urlRequired)
      .max(
        INTEGRATION_LIMITS.webhook_url,
        `The URL must be at most ${INTEGRATION_LIMITS.webhook_url} characters`,
      )
      .test('url', WEBHOOK_MESSAGES.urlInvalid, (value) => !value || isWebUrl(value.trim())),
    events: array().of(string()).min(1, WEBHOOK_MESSAGES.events),
    description: string().max(
      INTEGRATION_LIMITS.webhook_description,
      `The description must be at most ${INTEGRATION_LIMITS.webhook_description} characters`,
    ),
  }),
);
