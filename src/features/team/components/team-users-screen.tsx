// 'settings-users': the people the owner shares the account with, their permissions, and inviting more.
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { SectionHeader } from '@/components/section-header';
import { pathTo } from '@/config/routes';
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';
import { useCountAllowance, type CountAllowance } from '@/lib/use-plan-allowance';

import {
  useGetTeamMembersQuery,
  useResendInvitationMutation,
  type TeamMember,
} from '../api/team-api';

import { MemberDialog } from './member-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';
import { TeamMembersList } from './team-members-list';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** Which dialog is open; `isOpen` goes false first so the dialog can animate out with its content. */
type OpenDialog =
  | { kind: 'invite'; isOpen: boolean }
  | { kind: 'edit'; member: TeamMember; isOpen: boolean }
  | { kind: 'remove'; member: TeamMember; isOpen: boolean };

function InviteButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={onClick}>
      Invite user
    </Button>
  );
}

function members(count: number): string {
  return `${count} team ${count === 1 ? 'member' : 'members'}`;
}

/** Shown in place of Invite once the plan's seats are taken (invited and joined members both hold one). */
function SeatsTaken({ seats, used }: { seats: CountAllowance & { limit: number }; used: number }) {
  const more = seats.upgradeTo
    ? ` The ${seats.upgradeTo.name} plan allows ${
        seats.upgradeTo.limits.team_members === null
          ? 'as many as you need'
          : members(seats.upgradeTo.limits.team_members)
      }.`
    : '';
  return (
    <PlanLimitNotice
      title={`Your ${seats.planName} plan's seats are all taken`}
      description={`Your plan allows ${members(seats.limit)} besides you, and ${used} ${used === 1 ? 'is' : 'are'} invited or joined. Remove someone to invite another, or change plan.${more}`}
      plansPath={pathTo('subscription-plans')}
      canChangePlan={seats.canChangePlan}
      ownerName={seats.ownerName}
    />
  );
}

export function TeamUsersScreen() {
  const { data, isLoading, isError, error, refetch } = useGetTeamMembersQuery();
  const [resend, { originalArgs: resendingId, isLoading: isResending }] =
    useResendInvitationMutation();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const team = data?.results ?? [];
  const seats = useCountAllowance('team_members');
  const limit = seats.limit;
  const isFull = data !== undefined && limit !== null && team.length >= limit;
  const close = () => setDialog((current) => current && { ...current, isOpen: false });
  const openInvite = () => setDialog({ kind: 'invite', isOpen: true });

  async function resendInvitation(member: TeamMember) {
    const result = await resend(member.id);
    if (result.error) {
      notify({
        severity: 'error',
        summary: 'Invitation not sent',
        detail: failureMessage(
          result.error as FetchBaseQueryError,
          'The invitation could not be sent again.',
        ),
      });
      return;
    }
    notify({
      severity: 'success',
      summary: 'Invitation sent',
      detail: `We emailed a new invitation to ${member.email}.`,
    });
  }

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Loading users">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  } else if (isError) {
    content = (
      <LoadErrorState
        error={error}
        title="Users could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else if (team.length === 0) {
    content = (
      <EmptyState
        icon={GroupOutlined}
        title="No users invited yet"
        description="Shared users work under your account with their own sign-in. You choose, area by area, what each of them may view or edit."
        action={!isFull && <InviteButton onClick={openInvite} />}
      />
    );
  } else {
    content = (
      <TeamMembersList
        members={team}
        resendingId={isResending ? (resendingId ?? null) : null}
        onEdit={(member) => setDialog({ kind: 'edit', member, isOpen: true })}
        onResend={(member) => void resendInvitation(member)}
        onRemove={(member) => setDialog({ kind: 'remove', member, isOpen: true })}
      />
    );
  }

  return (
    <Stack spacing={3}>
      <SectionHeader
        title="Users"
        description="People who work under your account, and what each of them may do."
        action={team.length > 0 && !isFull && <InviteButton onClick={openInvite} />}
      >
        {data && limit !== null && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {`${team.length} of ${members(limit)} on your ${seats.planName} plan`}
          </Typography>
        )}
      </SectionHeader>
      {isFull && <SeatsTaken seats={{ ...seats, limit }} used={team.length} />}
      {content}
      {dialog?.kind === 'invite' && <MemberDialog open={dialog.isOpen} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <MemberDialog
          key={dialog.member.id}
          member={dialog.member}
          open={dialog.isOpen}
          onClose={close}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveMemberDialog
          key={dialog.member.id}
          member={dialog.member}
          open={dialog.isOpen}
          onClose={close}
        />
      )}
    </Stack>
  );
}
