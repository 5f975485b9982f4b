// Who each account is as an issuer, as far as it is proven (the rule is common/issuer-identity.ts): the trust list,
// the public page and, next, signed PDFs and credentials all name issuers through this one read.
import { sql, type Kysely } from 'kysely';

import type { IssuerIdentity } from '@common/issuer-identity';

import { mixedScripts } from '../../lib/look-alike-names';

import { issuerName } from './issuer-name';

import type { Database } from '../../db/schema';

/** An account's identity, with the name its templates show (what it calls itself, whatever is proven). */
export interface AccountIssuer extends IssuerIdentity {
  name: string;
}

interface IdentityRow {
  organisation_name: string | null;
  first_name: string;
  last_name: string;
  verified_issuer_name: string | null;
  domain: string | null;
  is_name_shared: boolean;
}

export function toAccountIssuer(row: IdentityRow): AccountIssuer {
  const name = issuerName(row.organisation_name, row.first_name, row.last_name);
  const proven = row.domain
    ? { issuer: row.domain, issuer_proof: 'domain' as const }
    : row.verified_issuer_name
      ? { issuer: row.verified_issuer_name, issuer_proof: 'operator' as const }
      : { issuer: null, issuer_proof: null };
  // Beside a proven identity the stated name misleads no one about who it is; alone, a look-alike does.
  const withheld = mixedScripts(name)
    ? ('mixed_scripts' as const)
    : row.is_name_shared && !proven.issuer
      ? ('shared' as const)
      : null;
  return {
    name,
    ...proven,
    declared_name: withheld ? null : name,
    declared_name_withheld: withheld,
  };
}

// Accounts read per query: far below Postgres's 65,535 parameters, whatever the number of issuers.
const BATCH = 1_000;

async function loadBatch(db: Kysely<Database>, accountIds: string[]) {
  return db
    .selectFrom('users as u')
    .leftJoin('custom_domains as d', (join) =>
      join.onRef('d.account_id', '=', 'u.id').on('d.status', '=', 'verified'),
    )
    .select([
      'u.id',
      'u.organisation_name',
      'u.first_name',
      'u.last_name',
      'u.verified_issuer_name',
      'd.domain',
      // Another account's name, stated or verified, that reads the same.
      sql<boolean>`exists (
        select 1 from users o
        where o.id <> u.id and o.owner_id is null
          and (o.issuer_name_skeleton = u.issuer_name_skeleton
            or o.verified_name_skeleton = u.issuer_name_skeleton))`.as('is_name_shared'),
    ])
    .where('u.id', 'in', accountIds)
    .execute();
}

/** Each account's issuer identity, by account id (an account that is not there has none). */
export async function loadIssuerIdentities(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<Map<string, AccountIssuer>> {
  const ids = [...new Set(accountIds)];
  const identities = new Map<string, AccountIssuer>();
  for (let start = 0; start < ids.length; start += BATCH) {
    for (const row of await loadBatch(db, ids.slice(start, start + BATCH))) {
      identities.set(row.id, toAccountIssuer(row));
    }
  }
  return identities;
}
