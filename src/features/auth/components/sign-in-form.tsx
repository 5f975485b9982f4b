import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { PasswordInputField } from '@/components/form/password-input-field';
import { TextInputField } from '@/components/form/text-input-field';

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
    <Form<SignInValues>
      onSubmit={onSubmit}
      validate={validateSignIn}
      initialValues={initialValues}
      subscription={{ submitting: true, hasValidationErrors: true }}
      render={({ handleSubmit, submitting, hasValidationErrors }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Sign in">
          <Stack spacing={2.5}>
            <TextInputField name="email" label="Email" type="email" autoComplete="email" />
            <Box>
              <PasswordInputField
                name="password"
                label="Password"
                autoComplete="current-password"
              />
              <Box sx={{ textAlign: 'right', mt: 1 }}>
                <Link component={RouterLink} to={pathTo('forgot-password')} variant="body2">
                  Forgot your password?
                </Link>
              </Box>
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={submitting}
              disabled={hasValidationErrors}
            >
              Sign In
            </Button>
          </Stack>
        </Box>
      )}
    />
  );
}
