// API keys for the route tests: made through the API, as an integration's owner would make one.
import type { CreatedApiKey } from '@common/integrations-schemas';

import type { TestUser } from './verifications';
import type { FastifyInstance } from 'fastify';

/** Creates a key as `user` (the owner, or a shared user with integrations edit): the API's answer, key included. */
export async function postApiKey(
  app: FastifyInstance,
  user: TestUser,
  name = 'Student information system',
): Promise<CreatedApiKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys/',
    headers: user.headers,
    payload: { name },
  });
  if (response.statusCode !== 201) {
    throw new Error(`Creating an API key failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Creates a key as `user` and answers the key itself. */
export async function createApiKey(
  app: FastifyInstance,
  user: TestUser,
  name?: string,
): Promise<string> {
  return (await postApiKey(app, user, name)).key;
}

/** The headers a request made with `key` carries. */
export function apiKeyHeaders(key: string): { authorization: string } {
  return { authorization: `Bearer ${key}` };
}
