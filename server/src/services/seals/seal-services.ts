// The seal services as handlers and the securing paths call them: built once by the services plugin.
import { findSealSigningKey } from './find-seal-signing-key';

import type { ServedTrustList } from '../public-pages/public-page-cache';
import type { SealDeps } from './seal-deps';
import type { SealSigningKey } from './sign-seal';

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

    /** /.well-known/jwks.json, from memory. */
    trustList(): Promise<ServedTrustList> {
      return deps.publicPages.trustList();
    },
  };
}

export type SealServices = ReturnType<typeof buildSealServices>;
