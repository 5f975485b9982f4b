// Password: the spec's change-password form (no strength meter) behind the current password; an account made with
// Google or SSO sets its first password here without one.
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import { FormSection } from '@/components/form/form-section';
import { PasswordInputField } from '@/components/form/password-input-field';
import { SubmitBar } from '@/components/form/submit-bar';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { notify } from '@/lib/notify';

import { useChangePasswordMutation } from '../api/account-api';

import { validatePasswordChange } from './password-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { FormApi } from 'final-form';

interface PasswordValues {
  current_password?: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = new Set(['current_password', 'password', 'confirmPassword']);

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [changePassword] = useChangePasswordMutation();

  async function onSubmit(values: PasswordValues, form: FormApi<PasswordValues>) {
    const result = await changePassword({
      ...(hasPassword && { current_password: values.current_password }),
      password: values.password,
      confirmPassword: values.confirmPassword,
    });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => FIELDS.has(path),
        sessionEnded: 'Your session has ended. Sign in again to change your password.',
        failure: 'Failed to change password',
      });
    }
    notify({
      severity: 'success',
      summary: hasPassword ? 'Password changed' : 'Password set',
      detail: 'Your other sessions have been signed out.',
    });
    setTimeout(() => form.restart());
    return undefined;
  }

  return (
    <FormSection
      title="Password"
      description={
        hasPassword
          ? 'Changing your password signs you out everywhere else.'
          : 'You sign in with Google or your organisation. Set a password to sign in with your email too; it signs you out everywhere else.'
      }
    >
      <Form<PasswordValues>
        onSubmit={onSubmit}
        validate={validatePasswordChange(hasPassword)}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Change password">
            <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
              {hasPassword && (
                <PasswordInputField
                  name="current_password"
                  label="Current Password"
                  autoComplete="current-password"
                />
              )}
              <PasswordInputField
                name="password"
                label="New Password"
                autoComplete="new-password"
              />
              <PasswordInputField
                name="confirmPassword"
                label="Confirm Password"
                autoComplete="new-password"
              />
              <SubmitBar
                submitLabel={hasPassword ? 'Change Password' : 'Set Password'}
                incompleteHint={
                  hasPassword
                    ? 'Enter your current password and the new one twice.'
                    : 'Enter the new password twice.'
                }
              />
            </Stack>
          </form>
        )}
      />
    </FormSection>
  );
}
