// 'Seal keys': the account's signing keys for sealed QR codes (newest first), and rotating or revoking them. Both
// change what the trust list says, so they refetch the list.
import { baseApi } from '@/lib/api/base-api';
import type { RevokeSealKeyRequest, SealKey, SealKeyList } from '@common/seals-schemas';

export type { SealKey };

const sealKeysApi = baseApi.enhanceEndpoints({ addTagTypes: ['SealKey'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSealKeys: build.query<SealKey[], void>({
      query: () => 'seals/keys/',
      transformResponse: (response: SealKeyList) => response.keys,
      providesTags: (keys = []) => [
        { type: 'SealKey', id: 'LIST' },
        ...keys.map((key) => ({ type: 'SealKey' as const, id: key.kid })),
      ],
    }),
    rotateSealKey: build.mutation<SealKey, void>({
      query: () => ({ url: 'seals/keys/rotate/', method: 'POST' }),
      // A new active key, and the old one retired.
      invalidatesTags: [{ type: 'SealKey', id: 'LIST' }],
      // The dialog says why it failed.
      extraOptions: { showsOwnErrors: true },
    }),
    revokeSealKey: build.mutation<SealKey, { kid: string } & RevokeSealKeyRequest>({
      query: ({ kid, ...body }) => ({
        url: `seals/keys/${encodeURIComponent(kid)}/revoke/`,
        method: 'POST',
        body,
      }),
      // Revoking the active key may make a new one active: the whole list changes.
      invalidatesTags: [{ type: 'SealKey', id: 'LIST' }],
      extraOptions: { showsOwnErrors: true },
    }),
  }),
});

export const { useGetSealKeysQuery, useRotateSealKeyMutation, useRevokeSealKeyMutation } =
  sealKeysApi;
