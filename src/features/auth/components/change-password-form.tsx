import { PasswordInputField } from '@/components/form/password-input-field';

import { AuthForm } from './auth-form';
import { validateChangePassword } from './change-password-schema';

export interface ChangePasswordValues {
  password: string;
  confirmPassword: string;
}

interface ChangePasswordFormProps {
  onSubmit: (values: ChangePasswordValues) => Promise<void>;
}

/** A new password typed twice. The strength meter is off here: the rules alone guide the choice. */
export function ChangePasswordForm({ onSubmit }: ChangePasswordFormProps) {
  return (
    <AuthForm<ChangePasswordValues>
      onSubmit={onSubmit}
      validate={validateChangePassword}
      label="Change password"
      submitLabel="Change Password"
    >
      <PasswordInputField name="password" label="New Password" autoComplete="new-password" />
      <PasswordInputField
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
      />
    </AuthForm>
  );
}
