// Asks before removing a member: their access to the account ends at once.
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useRemoveTeamMemberMutation, type TeamMember } from '../api/team-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface RemoveMemberDialogProps {
  member: TeamMember;
  open: boolean;
  onClose: () => void;
}

export function RemoveMemberDialog({ member, open, onClose }: RemoveMemberDialogProps) {
  const [removeMember, { isLoading }] = useRemoveTeamMemberMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const who = member.name || member.email;

  async function remove() {
    setProblem(null);
    const result = await removeMember(member.id);
    if (result.error) {
      setProblem(
        failureMessage(result.error as FetchBaseQueryError, 'The user could not be removed.'),
      );
      return;
    }
    notify({
      severity: 'success',
      summary: 'User removed',
      detail: `${who} no longer has access to your account.`,
    });
    onClose();
  }

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
