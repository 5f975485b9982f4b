// 'Delete account' and its cancellation within the grace period.
import { baseApi } from '@/lib/api/base-api';
import { deletionCancelled } from '@/lib/session/session-slice';
import type { AccountDeletion, AccountDeletionRequest } from '@common/account-deletion-schemas';

const deletionApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    deleteAccount: build.mutation<AccountDeletion, AccountDeletionRequest>({
      query: (body) => ({ url: 'account/', method: 'DELETE', body }),
      // The dialog shows why it failed.
      extraOptions: { showsOwnErrors: true },
    }),
    restoreAccount: build.mutation<void, void>({
      query: () => ({ url: 'account/restore/', method: 'POST' }),
      // The profile's delete_after clears, and the banner (which reads the session) with it.
      invalidatesTags: ['Profile'],
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(deletionCancelled());
      },
    }),
  }),
});

export const { useDeleteAccountMutation, useRestoreAccountMutation } = deletionApi;
