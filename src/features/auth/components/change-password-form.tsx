import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import { PasswordInputField } from '@/components/form/password-input-field';

import { validateChangePassword } from './change-password-schema';

export interface ChangePasswordValues {
  password: string;
  confirmPassword: string;
}

interface ChangePasswordFormProps {
  onSubmit: (values: ChangePasswordValues) => Promise<void>;
}

/** A new password typed twice. The strength meter is off here (spec section 5). */
export function ChangePasswordForm({ onSubmit }: ChangePasswordFormProps) {
  return (
    <Form<ChangePasswordValues>
      onSubmit={onSubmit}
      validate={validateChangePassword}
      subscription={{ submitting: true, hasValidationErrors: true }}
      render={({ handleSubmit, submitting, hasValidationErrors }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Change password">
          <Stack spacing={2.5}>
            <PasswordInputField name="password" label="New Password" autoComplete="new-password" />
            <PasswordInputField
              name="confirmPassword"
              label="Confirm Password"
              autoComplete="new-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={submitting}
              disabled={hasValidationErrors}
            >
              Change Password
            </Button>
          </Stack>
        </Box>
      )}
    />
  );
}
