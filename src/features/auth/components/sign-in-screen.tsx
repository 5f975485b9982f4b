// signin: email and password (or Google or SSO); an unverified email goes through the code step first.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { pathTo } from '@/config/routes';
import { useDocumentHead } from '@/lib/use-document-head';

import { invalidCredentialsErrors, oauthErrorCode } from '../api/auth-errors';
import { signInWithPassword } from '../complete-sign-in';
import { safeNextPath } from '../next-path';

import { AuthHeading } from './auth-heading';
import { EmailVerificationStep } from './email-verification-step';
import { SignInAlternatives } from './sign-in-alternatives';
import { SignInForm, type SignInValues } from './sign-in-form';

import type { SubmissionErrors } from 'final-form';

export function SignInScreen() {
  useDocumentHead({
    description:
      'Sign in to QR Verify to create and track QR-code verifications that protect your documents against counterfeiting.',
    canonicalPath: pathTo('signin'),
  });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const nextPath = safeNextPath(searchParams.get('next'));
  // Carried over so that signup's 'Sign In' link can return to the page that was asked for.
  const signUpPath = nextPath
    ? `${pathTo('signup')}?${new URLSearchParams({ next: nextPath })}`
    : pathTo('signup');
  // Set when the account exists but its email is not verified yet.
  const [unverified, setUnverified] = useState<SignInValues | null>(null);

  const signIn = async (values: SignInValues): Promise<SubmissionErrors | void> => {
    try {
      await dispatch(signInWithPassword(values.email, values.password));
    } catch (error) {
      const code = oauthErrorCode(error);
      if (code === 'invalid_grant') return invalidCredentialsErrors(error);
      if (code === 'email_verification_failed') setUnverified(values);
      return; // anything else was toasted by the API error listener
    }
    navigate(nextPath ?? pathTo('dashboard'), { replace: true });
  };

  if (unverified) {
    return (
      <EmailVerificationStep
        email={unverified.email}
        password={unverified.password}
        onBack={() => setUnverified(null)}
        onVerified={async () => {
          // The server mailed a fresh code when it refused the sign-in; verified, sign in again.
          try {
            await dispatch(signInWithPassword(unverified.email, unverified.password));
          } catch {
            setUnverified(null); // back to the form; the API error listener said why
            return;
          }
          navigate(pathTo('dashboard'), { replace: true });
        }}
      />
    );
  }

  return (
    <>
      <AuthHeading
        title="Let's get you Signed In"
        subtitle="Sign in to manage and track your document verifications."
      />
      <Box sx={{ mt: 4 }}>
        <SignInAlternatives />
        <SignInForm onSubmit={signIn} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to={signUpPath} sx={{ fontWeight: 600 }}>
          Create Account
        </Link>
      </Typography>
    </>
  );
}
