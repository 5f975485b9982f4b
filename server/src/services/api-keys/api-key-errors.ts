// The API key refusals, worded once.
import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

import { AppError } from '../../lib/app-error';

export function apiKeyNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'API key not found.' });
}

export function tooManyApiKeys(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'limit_reached',
    message: `An account can have at most ${INTEGRATION_LIMITS.api_keys} API keys. Revoke one you no longer use first.`,
  });
}

/** 401 for a Bearer value that looks like an API key but is no live key (unknown or revoked). */
export function invalidApiKey(): AppError {
  return new AppError({
    statusCode: 401,
    code: 'not_authenticated',
    message: 'Invalid API key. It may have been revoked: create a new one in Integrations.',
  });
}

/** 403 for a key on a route it may not call: anything but the resource endpoints. */
export function apiKeyNotAllowed(): AppError {
  return new AppError({
    statusCode: 403,
    code: 'api_key_not_allowed',
    message: 'API keys cannot be used here. Sign in to manage this.',
  });
}
