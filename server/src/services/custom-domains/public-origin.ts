// The origin a new verification's QR code is printed with: the account's verified custom domain when custom
// domains are on, else null (PUBLIC_URL's). Stored with the verification, so its URL never changes afterwards.
import { customOrigin } from './custom-domain-rows';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export type PublicOriginConfig = Pick<Config, 'CUSTOM_DOMAIN_TARGET' | 'CUSTOM_DOMAIN_SCHEME'>;

export async function findPublicOrigin(
  db: Kysely<Database>,
  config: PublicOriginConfig,
  accountId: string,
): Promise<string | null> {
  if (!config.CUSTOM_DOMAIN_TARGET) return null;
  const row = await db
    .selectFrom('custom_domains')
    .select('domain')
    .where('account_id', '=', accountId)
    .where('status', '=', 'verified')
    .executeTakeFirst();
  return row ? customOrigin(config, row.domain) : null;
}
