import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

import { PasswordInputField } from '@/components/form/password-input-field';
import { TextInputField } from '@/components/form/text-input-field';
import { pathTo } from '@/config/routes';

import { AuthForm } from './auth-form';
import { validateSignIn } from './sign-in-schema';

import type { SubmissionErrors } from 'final-form';

export interface SignInValues {
  email: string;
  password: string;
}

interface SignInFormProps {
  onSubmit: (values: SignInValues) => Promise<SubmissionErrors | void>;
  initialValues?: Partial<SignInValues>;
}

export function SignInForm({ onSubmit, initialValues }: SignInFormProps) {
  return (
    <AuthForm<SignInValues>
      onSubmit={onSubmit}
      validate={validateSignIn}
      initialValues={initialValues}
      label="Sign in"
      submitLabel="Sign In"
    >
      <TextInputField name="email" label="Email" type="email" autoComplete="email" />
      <Box>
        <PasswordInputField name="password" label="Password" autoComplete="current-password" />
        <Box sx={{ textAlign: 'right', mt: 1 }}>
          <Link component={RouterLink} to={pathTo('forgot-password')} variant="body2">
            Forgot your password?
          </Link>
        </Box>
      </Box>
    </AuthForm>
  );
}
