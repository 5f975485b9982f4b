import { PasswordInputField } from '@/components/form/password-input-field';
import { TextInputField } from '@/components/form/text-input-field';

import { AuthForm } from './auth-form';
import { validateSignUp } from './sign-up-schema';

import type { SubmissionErrors } from 'final-form';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
}

interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => Promise<SubmissionErrors | void>;
  initialValues?: Partial<SignUpValues>;
  /** The email an invitation was sent to: shown, not changed. */
  isEmailReadOnly?: boolean;
}

/** Name, email and password. No strength feedback here: only the rules. */
export function SignUpForm({ onSubmit, initialValues, isEmailReadOnly = false }: SignUpFormProps) {
  return (
    <AuthForm<SignUpValues>
      onSubmit={onSubmit}
      validate={validateSignUp}
      initialValues={initialValues}
      label="Create account"
      submitLabel="Create Account"
    >
      <TextInputField name="name" label="Name" autoComplete="name" />
      <TextInputField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        slotProps={isEmailReadOnly ? { htmlInput: { readOnly: true } } : undefined}
      />
      <PasswordInputField name="password" label="Password" autoComplete="new-password" />
    </AuthForm>
  );
}
