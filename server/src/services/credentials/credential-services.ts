// The credential services as handlers call them: built once by the services plugin (docs/credentials.md).
import type { VerifiableCredential } from '@common/credentials-schemas';

import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { findOwnVerification } from '../verifications/find-own-verification';

import { accountDid, didDocument, domainDid, type DidDocument } from './issuer-did';
import { StatusLists, type ServedStatusList } from './served-status-list';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { SealServices } from '../seals/seal-services';
import type { Kysely } from 'kysely';

export interface CredentialDeps {
  db: Kysely<Database>;
  seals: Pick<SealServices, 'credentialKeyFor'>;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/** The account's keys a verifier may check its credentials with: active and retired, never revoked. */
function listDidKeys(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('seal_keys')
    .select(['kid', 'public_jwk'])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['active', 'retired'])
    .orderBy('created_at', 'desc')
    .execute();
}

async function findCredential(
  db: Kysely<Database>,
  verificationId: string,
): Promise<VerifiableCredential | null> {
  const row = await db
    .selectFrom('verification_credentials')
    .select('credential')
    .where('verification_id', '=', verificationId)
    .executeTakeFirst();
  return row?.credential ? (JSON.parse(row.credential) as VerifiableCredential) : null;
}

/** A verification issued before credentials were has none. */
export function noCredential(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'not_found',
    message: 'This verification has no credential: it was issued before credentials were.',
  });
}

/** The public download: none, or the issuer does not let holders take the document. */
export function credentialNotOffered(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'not_found',
    message: 'No credential is offered for this verification.',
  });
}

export function buildCredentialServices(deps: CredentialDeps) {
  const { db, config } = deps;
  const statusLists = new StatusLists({
    db,
    publicUrl: config.PUBLIC_URL,
    keyFor: (accountId) => deps.seals.credentialKeyFor(accountId),
  });

  return {
    /** The credential of one of the account's verifications. */
    async ownCredential(accountId: string, verificationId: string): Promise<VerifiableCredential> {
      const verification = await findOwnVerification(db, accountId, verificationId);
      const credential = await findCredential(db, verification.id);
      if (!credential) throw noCredential();
      return credential;
    },

    /** A verification's credential by its id (the public page's download checks what it may show first). */
    credentialOf: (verificationId: string): Promise<VerifiableCredential | null> =>
      findCredential(db, verificationId),

    /** did:web:{host}:issuers:{accountId}'s document; null for an id that names no account. */
    async accountDidDocument(accountId: string): Promise<DidDocument | null> {
      if (!isUuid(accountId)) return null;
      const account = await db
        .selectFrom('users as u')
        .leftJoin('custom_domains as d', (join) =>
          join.onRef('d.account_id', '=', 'u.id').on('d.status', '=', 'verified'),
        )
        .select('d.domain')
        .where('u.id', '=', accountId)
        .where('u.owner_id', 'is', null)
        .executeTakeFirst();
      if (!account) return null;
      const did = accountDid(config.PUBLIC_URL, accountId);
      return didDocument(
        did,
        await listDidKeys(db, accountId),
        account.domain ? [domainDid(account.domain)] : [],
      );
    },

    /** did:web:{domain}'s document, for the account whose verified domain it is: the same keys. */
    async domainDidDocument(accountId: string, domain: string): Promise<DidDocument> {
      const did = domainDid(domain);
      return didDocument(did, await listDidKeys(db, accountId), [
        accountDid(config.PUBLIC_URL, accountId),
      ]);
    },

    /** The account's signed revocation list number `listNumber`; null when it has none (or no such account). */
    statusList(accountId: string, listNumber = 0): Promise<ServedStatusList | null> {
      return isUuid(accountId) ? statusLists.served(accountId, listNumber) : Promise.resolve(null);
    },
  };
}

export type CredentialServices = ReturnType<typeof buildCredentialServices>;
