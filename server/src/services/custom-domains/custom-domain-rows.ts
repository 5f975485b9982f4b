// Reading an account's custom domain row and the API's view of it (the records to add, the CNAME's state in words).
import {
  CUSTOM_DOMAIN_LIMITS,
  VERIFICATION_RECORD_PREFIX,
  VERIFICATION_VALUE_PREFIX,
  type CustomDomain,
} from '@common/custom-domain-schemas';

import type { Config } from '../../config';
import type { CustomDomainsTable, Database } from '../../db/schema';
import type { Kysely, Selectable } from 'kysely';

export type CustomDomainRow = Selectable<CustomDomainsTable>;

const HOUR_MS = 60 * 60 * 1000;

export function findCustomDomainRow(
  db: Kysely<Database>,
  accountId: string,
): Promise<CustomDomainRow | undefined> {
  return db
    .selectFrom('custom_domains')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The origin of public URLs on a verified custom domain: {CUSTOM_DOMAIN_SCHEME}://{domain}. */
export function customOrigin(config: Pick<Config, 'CUSTOM_DOMAIN_SCHEME'>, domain: string): string {
  return `${config.CUSTOM_DOMAIN_SCHEME}://${domain}`;
}

/** The end of a pending domain's background re-checks. */
export function checkingUntil(row: Pick<CustomDomainRow, 'pending_since'>): Date {
  return new Date(row.pending_since.getTime() + CUSTOM_DOMAIN_LIMITS.pending_hours * HOUR_MS);
}

function cnameWarning(row: CustomDomainRow, target: string): string | null {
  if (row.cname_state === 'missing') {
    return `No CNAME record found for ${row.domain}: add one pointing at ${target}, or your pages will not open on this domain.`;
  }
  if (row.cname_state === 'elsewhere') {
    return `The CNAME of ${row.domain} points at ${row.cname_value}, not ${target}. If your DNS host flattens CNAMEs this can be fine; otherwise your pages will not open on this domain.`;
  }
  return null;
}

export function toCustomDomain(
  row: CustomDomainRow | undefined,
  config: Pick<Config, 'CUSTOM_DOMAIN_TARGET'>,
): CustomDomain {
  const target = config.CUSTOM_DOMAIN_TARGET ?? null;
  const base = { enabled: target !== null, target };
  if (!row) {
    return {
      ...base,
      domain: null,
      status: 'none',
      records: [],
      verified_at: null,
      last_checked_at: null,
      error: null,
      cname: { state: 'unchecked', value: null, warning: null },
      checking_until: null,
    };
  }
  return {
    ...base,
    domain: row.domain,
    status: row.status,
    records: [
      { type: 'CNAME', name: row.domain, value: target ?? '' },
      {
        type: 'TXT',
        name: `${VERIFICATION_RECORD_PREFIX}${row.domain}`,
        value: `${VERIFICATION_VALUE_PREFIX}${row.token}`,
      },
    ],
    verified_at: row.verified_at?.toISOString() ?? null,
    last_checked_at: row.last_checked_at?.toISOString() ?? null,
    error: row.error,
    cname: {
      state: row.cname_state,
      value: row.cname_value,
      warning: target ? cnameWarning(row, target) : null,
    },
    checking_until: row.status === 'pending' ? checkingUntil(row).toISOString() : null,
  };
}
