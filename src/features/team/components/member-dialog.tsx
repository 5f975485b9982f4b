// Inviting a member and editing a member's permissions share this dialog: the email only when inviting.

import { FormDialog } from '@/components/form/form-dialog';
import { TextInputField } from '@/components/form/text-input-field';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { notify } from '@/lib/notify';
import { NO_ACCESS, type SharedAccess } from '@common/team';

import {
  useInviteTeamMemberMutation,
  useUpdateTeamMemberMutation,
  type TeamMember,
} from '../api/team-api';

import { AccessLevelFields } from './access-level-fields';
import { validateInviteMember } from './invite-member-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface MemberValues {
  email: string;
  shared_access: SharedAccess;
}

function failed(error: FetchBaseQueryError, failure: string) {
  return submissionErrors(error, {
    hasInput: (path) => path === 'email' || path.startsWith('shared_access'),
    sessionEnded: 'Your session has ended. Sign in again to manage your team.',
    failure,
  });
}

interface MemberDialogProps {
  open: boolean;
  onClose: () => void;
  /** The member whose permissions change; none to invite someone. */
  member?: TeamMember;
}

export function MemberDialog({ open, onClose, member }: MemberDialogProps) {
  const [invite] = useInviteTeamMemberMutation();
  const [update] = useUpdateTeamMemberMutation();
  const isInvite = !member;

  async function onSubmit(values: MemberValues) {
    if (member) {
      const result = await update({ id: member.id, shared_access: values.shared_access });
      if (result.error)
        return failed(result.error as FetchBaseQueryError, 'Permissions could not be saved.');
      notify({
        severity: 'success',
        summary: 'Permissions saved',
        detail: `${member.name || member.email}'s permissions were updated.`,
      });
    } else {
      const email = values.email.trim();
      const result = await invite({ email, shared_access: values.shared_access });
      if (result.error)
        return failed(result.error as FetchBaseQueryError, 'The invitation could not be sent.');
      notify({
        severity: 'success',
        summary: 'Invitation sent',
        detail: `We emailed an invitation to ${email}.`,
      });
    }
    onClose();
    return undefined;
  }

  return (
    <FormDialog<MemberValues>
      open={open}
      onClose={onClose}
      title={member ? `Permissions of ${member.name || member.email}` : 'Invite a user'}
      submitLabel={isInvite ? 'Send invitation' : 'Save'}
      onSubmit={onSubmit}
      validate={isInvite ? validateInviteMember : undefined}
      initialValues={{ email: '', shared_access: member?.shared_access ?? NO_ACCESS }}
    >
      {({ submitting }) => (
        <>
          {isInvite && (
            <TextInputField
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              autoFocus
              required
            />
          )}
          <AccessLevelFields disabled={submitting} />
        </>
      )}
    </FormDialog>
  );
}
