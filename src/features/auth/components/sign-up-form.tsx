import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import { PasswordInputField } from '@/components/form/password-input-field';
import { TextInputField } from '@/components/form/text-input-field';

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
}

/** Name, email and password. No strength feedback here (spec section 2): only the rules. */
export function SignUpForm({ onSubmit, initialValues }: SignUpFormProps) {
  return (
    <Form<SignUpValues>
      onSubmit={onSubmit}
      validate={validateSignUp}
      initialValues={initialValues}
      subscription={{ submitting: true, hasValidationErrors: true }}
      render={({ handleSubmit, submitting, hasValidationErrors }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Create account">
          <Stack spacing={2.5}>
            <TextInputField name="name" label="Name" autoComplete="name" />
            <TextInputField name="email" label="Email" type="email" autoComplete="email" />
            <PasswordInputField name="password" label="Password" autoComplete="new-password" />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={submitting}
              disabled={hasValidationErrors}
            >
              Create Account
            </Button>
          </Stack>
        </Box>
      )}
    />
  );
}
