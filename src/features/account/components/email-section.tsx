// Email: the address the account signs in with. A change mails a code to the NEW address (the spec's code step:
// six cells, Confirm, Resend); the address changes once that code comes back.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { object } from 'yup';

import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormSection } from '@/components/form/form-section';
import { TextInputField } from '@/components/form/text-input-field';
import { OtpInput } from '@/components/otp-input';
import { failureDetail } from '@/lib/api/api-error-notification';
import { emailRule } from '@/lib/forms/email-rule';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { notify } from '@/lib/notify';
import { OTP_LENGTH } from '@common/auth';

import {
  useConfirmEmailChangeMutation,
  useRequestEmailChangeMutation,
  type UserProfile,
} from '../api/account-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const validateNewEmail = validateWithSchema(object({ email: emailRule }));

function NewEmailForm({
  onSent,
  onCancel,
}: {
  onSent: (email: string) => void;
  onCancel: () => void;
}) {
  const [requestEmailChange] = useRequestEmailChangeMutation();

  async function onSubmit({ email }: { email: string }) {
    const result = await requestEmailChange({ email: email.trim() });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => path === 'email',
        sessionEnded: 'Your session has ended. Sign in again to change your email.',
        failure: 'The code could not be sent.',
      });
    }
    onSent(email.trim().toLowerCase());
    return undefined;
  }

  return (
    <Form<{ email: string }>
      onSubmit={onSubmit}
      validate={validateNewEmail}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="New email">
          <Stack spacing={2} sx={{ maxWidth: 480 }}>
            <FormErrorAlert />
            <TextInputField
              name="email"
              label="New email"
              type="email"
              autoComplete="email"
              helperText="We send a code to this address to make sure it is yours."
              autoFocus
            />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" loading={submitting}>
                Send code
              </Button>
              <Button color="inherit" onClick={onCancel} disabled={submitting}>
                Cancel
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    />
  );
}

function CodeStep({
  pendingEmail,
  onChanged,
  onCancel,
}: {
  pendingEmail: string;
  onChanged: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmEmailChange, { isLoading }] = useConfirmEmailChangeMutation();
  const [requestEmailChange, { isLoading: isResending }] = useRequestEmailChangeMutation();

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    const result = await confirmEmailChange({ otp: code });
    if (result.error) {
      setError(
        failureDetail(result.error as FetchBaseQueryError, 'Invalid OTP, Please try again.'),
      );
      return;
    }
    notify({
      severity: 'success',
      summary: 'Email changed',
      detail: `You now sign in with ${pendingEmail}.`,
    });
    onChanged();
  }

  async function resend() {
    const result = await requestEmailChange({ email: pendingEmail });
    setError(
      result.error
        ? failureDetail(result.error as FetchBaseQueryError, 'The code could not be sent.')
        : null,
    );
    if (!result.error) {
      notify({
        severity: 'info',
        summary: 'Code sent',
        detail: `A new code went to ${pendingEmail}.`,
      });
    }
  }

  return (
    <Box component="form" noValidate onSubmit={confirm} aria-label="Confirm your new email">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography variant="body2">
          Please enter the code sent to your email:{' '}
          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {pendingEmail}
          </Box>
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Box sx={{ py: 1 }}>
          <OtpInput onChange={setCode} label="Code sent to your new email" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          Check Spam folder if you haven&apos;t received it.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
          <Button
            type="submit"
            variant="contained"
            disabled={code.length !== OTP_LENGTH}
            loading={isLoading}
          >
            Confirm
          </Button>
          <Button variant="outlined" onClick={() => void resend()} loading={isResending}>
            Resend
          </Button>
          <Button color="inherit" onClick={onCancel}>
            Use another email
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function EmailSection({ profile }: { profile: UserProfile }) {
  // The address a code was just sent to, before the refreshed profile says so; null to follow the profile.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isChanging, setIsChanging] = useState(false);
  const pendingEmail = sentTo ?? profile.pending_email;

  let content;
  if (isChanging) {
    content = (
      <NewEmailForm
        onSent={(email) => {
          setSentTo(email);
          setIsChanging(false);
        }}
        onCancel={() => setIsChanging(false)}
      />
    );
  } else if (pendingEmail) {
    content = (
      <CodeStep
        pendingEmail={pendingEmail}
        onChanged={() => setSentTo(null)}
        onCancel={() => setIsChanging(true)}
      />
    );
  } else {
    content = (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{profile.email}</Typography>
        <Box>
          <Button variant="outlined" onClick={() => setIsChanging(true)}>
            Change email
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <FormSection
      title="Email"
      description="The address you sign in with and where we write to you."
    >
      {content}
    </FormSection>
  );
}
