// The seal services as handlers and the securing paths call them: built once by the services plugin.
import type { RevokeSealKeyRequest, SealKey } from '@common/seals-schemas';

import { findActiveKey, findSealSigningKey } from './find-seal-signing-key';
import { listSealKeys } from './list-seal-keys';
import { revokeSealKey } from './revoke-seal-key';
import { rotateSealKey } from './rotate-seal-key';

import type { SealSigningKey } from '../../documents/sign-seal';
import type { ServedTrustList } from '../public-pages/public-page-cache';
import type { Actor } from '../team/actor';
import type { SealDeps } from './seal-deps';

export function buildSealServices(deps: SealDeps) {
  return {
    /** The key to seal a new verification with; null when its template has seals off. */
    signingKeyFor(
      accountId: string,
      templateId: string,
      publicOrigin: string | null,
    ): Promise<SealSigningKey | null> {
      return findSealSigningKey(deps, accountId, templateId, publicOrigin);
    },

    /** The key a credential or a status list is signed with: the account's active seal key, seals on or off. */
    credentialKeyFor: (accountId: string): Promise<{ kid: string; privateKey: Buffer }> =>
      findActiveKey(deps, accountId),

    listKeys: (accountId: string): Promise<SealKey[]> => listSealKeys(deps.db, accountId),

    rotateKey: (actor: Actor): Promise<SealKey> => rotateSealKey(deps, actor),

    revokeKey: (actor: Actor, kid: string, request: RevokeSealKeyRequest): Promise<SealKey> =>
      revokeSealKey(deps, actor, kid, request),

    /** /.well-known/jwks.json, from memory. */
    trustList(): Promise<ServedTrustList> {
      return deps.publicPages.trustList();
    },
  };
}

export type SealServices = ReturnType<typeof buildSealServices>;
