// The one query that reads an account's live API keys with their creator, and the mapping to the API's ApiKey.
import type { ApiKey } from '@common/integrations-schemas';

import { personName } from '../../lib/person-name';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export function selectLiveApiKeys(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as c', 'c.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.created_at',
      'k.last_used_at',
      'c.email as created_by_email',
      'c.first_name as created_by_first_name',
      'c.last_name as created_by_last_name',
    ])
    .where('k.account_id', '=', accountId)
    .where('k.revoked_at', 'is', null);
}

export type ApiKeyRow = Awaited<
  ReturnType<ReturnType<typeof selectLiveApiKeys>['executeTakeFirstOrThrow']>
>;

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    created_by: row.created_by_email
      ? {
          email: row.created_by_email,
          name: personName(row.created_by_first_name ?? '', row.created_by_last_name ?? ''),
        }
      : null,
  };
}
