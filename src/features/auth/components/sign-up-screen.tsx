// signup (spec sections 2, 4, 8).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';

import { pathTo } from '@/app/routes';
import { PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL } from '@/config/paths';
import { readAttribution } from '@/lib/attribution';
import { notify } from '@/lib/notify';
import { useDocumentHead } from '@/lib/use-document-head';

import { useRegisterMutation } from '../api/auth-api';
import {
  firstFieldError,
  invalidCredentialsErrors,
  isExplainedRejection,
  oauthErrorCode,
} from '../api/auth-errors';
import { safeNextPath } from '../next-path';

import { AuthHeading } from './auth-heading';
import { EmailVerificationStep } from './email-verification-step';
import { SignInAlternatives } from './sign-in-alternatives';
import { SignUpForm, type SignUpValues } from './sign-up-form';

import type { SubmissionErrors } from 'final-form';

export const GOOGLE_USER_DATA_POLICY_URL =
  'https://developers.google.com/terms/api-services-user-data-policy';
export const SIGN_UP_FAILED_LIFETIME_MS = 5000;

function LegalNotice() {
  const external = { target: '_blank', rel: 'noopener' } as const;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ mt: 3, textAlign: 'center' }}
    >
      By signing up, you agree to our{' '}
      <Link href={TERMS_OF_SERVICE_URL} {...external}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link href={PRIVACY_POLICY_URL} {...external}>
        Privacy Policy
      </Link>
      . QR Verify&apos;s use and transfer of information received from Google APIs adheres to the{' '}
      <Link href={GOOGLE_USER_DATA_POLICY_URL} {...external}>
        Google API Services User Data Policy
      </Link>
      , including the Limited Use requirements.
    </Typography>
  );
}

export function SignUpScreen() {
  useDocumentHead({
    title: 'Create an Account | QR Verify',
    description:
      'Create a QR Verify account and secure your documents against counterfeiting with QR-code verification.',
    canonicalPath: pathTo('signup'),
  });
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signInTarget = safeNextPath(searchParams.get('next')) ?? pathTo('signin');
  const [register] = useRegisterMutation();
  // What was registered: shown again, unchanged, when '< Back' returns to the form.
  const [registered, setRegistered] = useState<SignUpValues | null>(null);
  const [formValues, setFormValues] = useState<Partial<SignUpValues>>({});

  const signUp = async (values: SignUpValues): Promise<SubmissionErrors | void> => {
    try {
      await register({
        first_name: values.name,
        email: values.email,
        password: values.password,
        ...readAttribution(),
      }).unwrap();
    } catch (error) {
      if (oauthErrorCode(error) === 'invalid_grant') return invalidCredentialsErrors(error);
      if (isExplainedRejection(error)) {
        notify({
          severity: 'error',
          summary: 'Sign Up Failed',
          detail:
            firstFieldError(error, 'email') ??
            'An error occurred while signing up. Please try again.',
          lifetime: SIGN_UP_FAILED_LIFETIME_MS,
        });
      }
      return;
    }
    setFormValues(values);
    setRegistered(values);
  };

  if (registered) {
    return (
      <EmailVerificationStep
        email={registered.email}
        password={registered.password}
        source="signup"
        onBack={() => setRegistered(null)}
        onVerified={() => navigate(pathTo('dashboard'), { replace: true })}
      />
    );
  }

  return (
    <>
      <AuthHeading
        title="Let's create an account"
        subtitle="Secure your documents against counterfeiting with QR-code verification."
      />
      <Box sx={{ mt: 4 }}>
        <SignInAlternatives />
        <SignUpForm onSubmit={signUp} initialValues={formValues} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={signInTarget} sx={{ fontWeight: 600 }}>
          Sign In
        </Link>
      </Typography>
      <LegalNotice />
    </>
  );
}
