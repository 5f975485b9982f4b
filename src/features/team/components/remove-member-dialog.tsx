// Asks before removing a member: their access to the account ends at once.

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { useConfirmedCall } from '@/lib/use-confirmed-call';

import { useRemoveTeamMemberMutation, type TeamMember } from '../api/team-api';

interface RemoveMemberDialogProps {
  member: TeamMember;
  open: boolean;
  onClose: () => void;
}

export function RemoveMemberDialog({ member, open, onClose }: RemoveMemberDialogProps) {
  const [removeMember, { isLoading }] = useRemoveTeamMemberMutation();
  const { problem, confirm } = useConfirmedCall();
  const who = member.name || member.email;

  const remove = () =>
    confirm({
      call: () => removeMember(member.id),
      failure: 'The user could not be removed.',
      success: {
        summary: 'User removed',
        detail: `${who} no longer has access to your account.`,
      },
      onDone: onClose,
    });

  return (
    <ConfirmDialog
      id="remove-member"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      error={problem}
      title={`Remove ${who}?`}
      description={
        member.status === 'invited'
          ? `The invitation sent to ${member.email} will stop working.`
          : `${who} will lose access to your account straight away.`
      }
      actions={
        <DestructiveActions
          confirmLabel="Remove"
          onConfirm={() => void remove()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
