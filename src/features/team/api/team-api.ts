// The team calls (owner only), injected into the one API. Each member is {type: 'TeamMember', id}; the list is
// id 'LIST'.
import { baseApi } from '@/lib/api/base-api';
import type {
  InviteMemberRequest,
  MemberChangesRequest,
  TeamMember,
  TeamMemberList,
} from '@common/team-schemas';

export type { TeamMember } from '@common/team-schemas';

const LIST_TAG = { type: 'TeamMember', id: 'LIST' } as const;

/** The dialogs show the server's word themselves (field errors under the field). */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

export const teamApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getTeamMembers: build.query<TeamMemberList, void>({
      query: () => 'team/users/',
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => ({ type: 'TeamMember' as const, id })) ?? []),
        LIST_TAG,
      ],
    }),
    inviteTeamMember: build.mutation<TeamMember, InviteMemberRequest>({
      query: (body) => ({ url: 'team/users/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    updateTeamMember: build.mutation<TeamMember, MemberChangesRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `team/users/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'TeamMember', id }]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    removeTeamMember: build.mutation<void, string>({
      query: (id) => ({ url: `team/users/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    resendInvitation: build.mutation<TeamMember, string>({
      query: (id) => ({ url: `team/users/${id}/resend/`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'TeamMember', id }]),
    }),
  }),
});

export const {
  useGetTeamMembersQuery,
  useInviteTeamMemberMutation,
  useUpdateTeamMemberMutation,
  useRemoveTeamMemberMutation,
  useResendInvitationMutation,
} = teamApi;
