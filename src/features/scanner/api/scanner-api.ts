// The scanner's calls, injected into the one API: the trust list (every issuer's seal keys, served beside the app
// at /.well-known/jwks.json) and a verification's live public view by its code. The last trust list fetched is also
// kept on the device, so a seal can be checked with no network even where the service worker is not running.
import { baseApi } from '@/lib/api/base-api';
import { provenIdentity } from '@common/issuer-identity';
import { TRUST_LIST_PATH, type TrustList } from '@common/seals/trust-list';
import type { PublicVerificationResponse } from '@common/verifications-schemas';

const STORED_TRUST_LIST_KEY = 'qrverify.trust-list';

/** The scanner says itself what a failed call means (offline, not found): no generic toast. */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

/**
 * The trust list with every key's issuer identity filled in. A copy from before issuer identities (this device's
 * stored one, or the service worker's cached answer) names in `issuer` what each account calls itself, with no
 * `issuer_proof`: that name is declared, never proven.
 */
export function withIssuerIdentities(trustList: TrustList): TrustList {
  return {
    ...trustList,
    keys: trustList.keys.map((key) => ({ ...key, ...provenIdentity(key) })),
  };
}

export function storedTrustList(): TrustList | null {
  try {
    const stored = window.localStorage.getItem(STORED_TRUST_LIST_KEY);
    return stored ? withIssuerIdentities(JSON.parse(stored) as TrustList) : null;
  } catch {
    return null;
  }
}

function storeTrustList(trustList: TrustList): void {
  try {
    window.localStorage.setItem(STORED_TRUST_LIST_KEY, JSON.stringify(trustList));
  } catch {
    // Storage full or refused (private mode): the service worker's copy remains.
  }
}

export const scannerApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getTrustList: build.query<TrustList, void>({
      // Outside the API's base path: an absolute URL keeps the base query from prefixing /api/.
      query: () => new URL(TRUST_LIST_PATH, window.location.origin).href,
      transformResponse: (trustList: TrustList) => withIssuerIdentities(trustList),
      extraOptions: SHOWN_BY_SCREEN,
      async onQueryStarted(_argument, { queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) storeTrustList(result.data);
      },
    }),
    getLiveVerification: build.query<PublicVerificationResponse, string>({
      query: (code) => `public/verifications/${encodeURIComponent(code)}/`,
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const { useGetTrustListQuery, useGetLiveVerificationQuery } = scannerApi;
