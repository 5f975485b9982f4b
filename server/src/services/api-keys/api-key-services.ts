// The API key services as handlers call them, built once with their dependencies (see plugins/services.ts): each
// takes the account it reads (or the actor who changes it) and answers in the API's shapes.
import type { ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from '@common/integrations-schemas';

import { selectLiveApiKeys, toApiKey } from './api-key-rows';
import { createApiKey } from './create-api-key';
import { revokeApiKey } from './revoke-api-key';

import type { Actor } from '../team/actor';
import type { ApiKeyDeps } from './api-key-deps';

export function buildApiKeyServices(deps: ApiKeyDeps) {
  const { db } = deps;
  return {
    /** The account's live keys, newest first. */
    async list(accountId: string): Promise<ApiKeyList> {
      const rows = await selectLiveApiKeys(db, accountId)
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id')
        .execute();
      return { count: rows.length, results: rows.map(toApiKey) };
    },

    create(actor: Actor, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      return createApiKey(deps, actor, request);
    },

    revoke(actor: Actor, id: string): Promise<void> {
      return revokeApiKey(db, actor, id);
    },
  };
}

export type ApiKeyServices = ReturnType<typeof buildApiKeyServices>;
