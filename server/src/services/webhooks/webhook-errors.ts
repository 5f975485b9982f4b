// The webhook refusals, worded once.
import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

import { AppError } from '../../lib/app-error';

export function webhookNotFound(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'not_found',
    message: 'Webhook endpoint not found.',
  });
}

export function deliveryNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Delivery not found.' });
}

export function tooManyWebhooks(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'limit_reached',
    message: `An account can have at most ${INTEGRATION_LIMITS.webhooks} webhook endpoints. Delete one first.`,
  });
}

export function webhookDisabled(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'bad_request',
    message: 'This endpoint is turned off. Turn it on first.',
  });
}
