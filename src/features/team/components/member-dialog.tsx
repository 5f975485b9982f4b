// Inviting a member and editing a member's permissions share this dialog: the email only when inviting.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import { FormErrorAlert } from '@/components/form/form-error-alert';
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
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="member-dialog-title"
    >
      <Form<MemberValues>
        onSubmit={onSubmit}
        validate={isInvite ? validateInviteMember : undefined}
        initialValues={{ email: '', shared_access: member?.shared_access ?? NO_ACCESS }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="member-dialog-title">
              {member ? `Permissions of ${member.name || member.email}` : 'Invite a user'}
            </DialogTitle>
            <DialogContent>
              <Stack spacing={3} sx={{ pt: 1 }}>
                <FormErrorAlert />
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
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button onClick={onClose} color="inherit" disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                {isInvite ? 'Send invitation' : 'Save'}
              </Button>
            </DialogActions>
          </form>
        )}
      />
    </Dialog>
  );
}
