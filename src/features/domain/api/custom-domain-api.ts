// The custom domain calls, injected into the one API. The account has one custom domain (tag 'CustomDomain'); every
// answer is its whole state, so each change writes that answer into the cache instead of asking again, and keeps
// the session's hasSetupCustomDomain in step for the rest of the app.
import { baseApi } from '@/lib/api/base-api';
import { customDomainChanged } from '@/lib/session/session-slice';
import type { CustomDomain, SetCustomDomainRequest } from '@common/custom-domain-schemas';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type { CustomDomain, DnsRecord } from '@common/custom-domain-schemas';

const DOMAIN_TAG = { type: 'CustomDomain', id: 'CURRENT' } as const;

/** Field errors show under the domain field, the rest in the screen's own alert or dialog. */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

type Dispatch = (action: unknown) => unknown;

/** A fresh answer goes into the cache (the screen redraws from it) and into the session. */
function keepInStep(dispatch: Dispatch, state: CustomDomain) {
  dispatch(customDomainApi.util.upsertQueryData('getCustomDomain', undefined, state));
  dispatch(customDomainChanged({ isVerified: state.status === 'verified' }));
}

async function storeAnswer(dispatch: Dispatch, queryFulfilled: Promise<{ data: CustomDomain }>) {
  try {
    const { data } = await queryFulfilled;
    keepInStep(dispatch, data);
  } catch {
    // The screen shows why it failed.
  }
}

export const customDomainApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getCustomDomain: build.query<CustomDomain, void>({
      query: () => 'settings/custom-domain/',
      providesTags: [DOMAIN_TAG],
      // The server verifies in the background too: what it says now is what the session should say.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(customDomainChanged({ isVerified: data.status === 'verified' }));
        } catch {
          // The screen shows its error state.
        }
      },
    }),
    setCustomDomain: build.mutation<CustomDomain, SetCustomDomainRequest>({
      query: (body) => ({ url: 'settings/custom-domain/', method: 'PUT', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        storeAnswer(dispatch, queryFulfilled),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    verifyCustomDomain: build.mutation<CustomDomain, void>({
      query: () => ({ url: 'settings/custom-domain/verify/', method: 'POST' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    removeCustomDomain: build.mutation<void, void>({
      query: () => ({ url: 'settings/custom-domain/', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(customDomainChanged({ isVerified: false }));
        } catch {
          // The dialog shows why it failed.
        }
      },
      // The state after removal (records gone, the server setting unchanged) is asked for again.
      invalidatesTags: (_result, error) => (error ? [] : [DOMAIN_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const {
  useGetCustomDomainQuery,
  useSetCustomDomainMutation,
  useVerifyCustomDomainMutation,
  useRemoveCustomDomainMutation,
} = customDomainApi;
