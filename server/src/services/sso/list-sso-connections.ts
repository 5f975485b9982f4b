import type { Database, SsoConnection } from '../../db/schema';
import type { Kysely } from 'kysely';

export type SsoConnectionSummary = Omit<SsoConnection, 'client_secret'>;

/** Every connection, oldest first, without the client secrets. */
export async function listSsoConnections(db: Kysely<Database>): Promise<SsoConnectionSummary[]> {
  return db
    .selectFrom('sso_connections')
    .select(['id', 'name', 'issuer_url', 'client_id', 'email_domains', 'created_at'])
    .orderBy('id')
    .execute();
}
