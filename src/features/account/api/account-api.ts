// The account screen's calls: the profile (read and saved here as the account screen shows it), the password and
// the signed-in sessions.

import { baseApi } from '@/lib/api/base-api';
import { profileLoaded } from '@/lib/session/session-slice';
import type {
  EmailChange,
  EmailChangeCode,
  MessageResponse,
  PasswordChange,
  ProfileChanges,
  SessionList,
  UserProfile,
} from '@common/auth-schemas';

export type { PasswordChange, ProfileChanges, UserProfile };
export type { Session } from '@common/auth-schemas';

/** The forms and dialogs show their failures themselves (beside the fields, or in an alert). */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

const accountApi = baseApi.enhanceEndpoints({ addTagTypes: ['Session'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAccountProfile: build.query<UserProfile, void>({
      query: () => 'auth/profile/',
      providesTags: ['Profile'],
    }),
    saveProfile: build.mutation<UserProfile, ProfileChanges>({
      query: (changes) => ({ url: 'auth/profile/', method: 'PATCH', body: changes }),
      // The name in the header and every cached profile follow.
      invalidatesTags: ['Profile'],
      extraOptions: SHOWN_BY_SCREEN,
      async onQueryStarted(_changes, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.updateQueryData('getAccountProfile', undefined, () => data));
          dispatch(profileLoaded(data));
        } catch {
          // The form shows why.
        }
      },
    }),
    changePassword: build.mutation<MessageResponse, PasswordChange>({
      query: (change) => ({ url: 'auth/password/', method: 'POST', body: change }),
      invalidatesTags: ['Profile', { type: 'Session', id: 'LIST' }],
      extraOptions: SHOWN_BY_SCREEN,
    }),
    requestEmailChange: build.mutation<MessageResponse, EmailChange>({
      query: (change) => ({ url: 'auth/email/', method: 'POST', body: change }),
      invalidatesTags: ['Profile'],
      extraOptions: SHOWN_BY_SCREEN,
    }),
    confirmEmailChange: build.mutation<UserProfile, EmailChangeCode>({
      query: (code) => ({ url: 'auth/email/verify/', method: 'POST', body: code }),
      extraOptions: SHOWN_BY_SCREEN,
      async onQueryStarted(_code, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.updateQueryData('getAccountProfile', undefined, () => data));
          dispatch(profileLoaded(data));
        } catch {
          // The section shows why.
        }
      },
    }),
    getSessions: build.query<SessionList, void>({
      query: () => 'auth/sessions/',
      providesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `auth/sessions/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
      extraOptions: SHOWN_BY_SCREEN,
    }),
    endOtherSessions: build.mutation<void, void>({
      query: () => ({ url: 'auth/sessions/', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
      extraOptions: SHOWN_BY_SCREEN,
    }),
  }),
});

export const {
  useGetAccountProfileQuery,
  useSaveProfileMutation,
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useGetSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = accountApi;
