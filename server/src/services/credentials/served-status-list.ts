// One of an account's revocation lists as served: a BitstringStatusListCredential signed by its active seal key. Signing
// it once per version of the bits is enough: each instance keeps the signed list with the version and key it was
// made from, and a request reads only those two to know whether its copy is current (another instance's flip
// raises the version in the database, so no message between instances is needed).
import { createHash } from 'node:crypto';

import { statusListPath } from '@common/credentials';

import { accountDid } from './issuer-did';
import { signCredential, type CredentialSigningKey } from './sign-credential';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface ServedStatusList {
  body: string;
  /** Weak: each signature differs, and two instances may sign the same bits. */
  etag: string;
}

interface CachedList extends ServedStatusList {
  version: number;
  kid: string;
}

// About 20 KB each.
const MAX_CACHED_LISTS = 1_000;

export interface StatusListDeps {
  db: Kysely<Database>;
  publicUrl: string;
  /** The account's active seal key (made now when it has none). */
  keyFor: (accountId: string) => Promise<CredentialSigningKey>;
}

interface ListRow {
  list_number: number;
  bits: Buffer;
  updated_at: Date;
}

async function signList(
  deps: StatusListDeps,
  accountId: string,
  row: ListRow,
  key: CredentialSigningKey,
): Promise<string> {
  // Loaded on first use, as the other credential libraries are (sign-credential.ts).
  const { BitstringStatusList, createCredential } =
    await import('@digitalbazaar/vc-bitstring-status-list');
  const list = new BitstringStatusList({ buffer: new Uint8Array(row.bits) });
  const id = new URL(statusListPath(accountId, row.list_number), deps.publicUrl).href;
  const unsigned = await createCredential({ id, list, statusPurpose: 'revocation' });
  const did = accountDid(deps.publicUrl, accountId);
  const credential = { ...unsigned, issuer: did, validFrom: row.updated_at.toISOString() };
  return JSON.stringify(await signCredential(credential, did, key));
}

export class StatusLists {
  private readonly cache = new Map<string, CachedList>();

  constructor(private readonly deps: StatusListDeps) {}

  /** The account's signed list number `listNumber`; null when it has no such list. */
  async served(accountId: string, listNumber: number): Promise<ServedStatusList | null> {
    const { db } = this.deps;
    const current = await db
      .selectFrom('status_lists as l')
      .innerJoin('seal_keys as k', (join) =>
        join.onRef('k.account_id', '=', 'l.account_id').on('k.status', '=', 'active'),
      )
      .select(['l.version', 'k.kid'])
      .where('l.account_id', '=', accountId)
      .where('l.list_number', '=', listNumber)
      .executeTakeFirst();
    if (!current) return null;
    const cacheKey = `${accountId}/${listNumber}`;
    const cached = this.cache.get(cacheKey);
    if (cached && cached.version === current.version && cached.kid === current.kid) return cached;
    return this.sign(accountId, listNumber, cacheKey);
  }

  private async sign(
    accountId: string,
    listNumber: number,
    cacheKey: string,
  ): Promise<ServedStatusList | null> {
    const key = await this.deps.keyFor(accountId);
    const row = await this.deps.db
      .selectFrom('status_lists')
      .select(['list_number', 'bits', 'version', 'updated_at'])
      .where('account_id', '=', accountId)
      .where('list_number', '=', listNumber)
      .executeTakeFirst();
    if (!row) return null;
    const body = await signList(this.deps, accountId, row, key);
    const tag = createHash('sha256')
      .update(`${cacheKey}:${row.version}:${key.kid}`)
      .digest('base64url');
    const signed = { body, etag: `W/"${tag.slice(0, 22)}"`, version: row.version, kid: key.kid };
    if (this.cache.size >= MAX_CACHED_LISTS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.delete(cacheKey);
    this.cache.set(cacheKey, signed);
    return signed;
  }
}
