// signup: name, email and password (or Google), then the emailed code, then the dashboard.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { ScreenLoading } from '@/components/screen-loading';
import { PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL } from '@/config/paths';
import { pathTo } from '@/config/routes';
import { readAttribution } from '@/lib/attribution';
import { notify } from '@/lib/notify';
import { useDocumentHead } from '@/lib/use-document-head';

import { useGetInvitationQuery, useRegisterMutation } from '../api/auth-api';
import {
  firstFieldError,
  invalidCredentialsErrors,
  isExplainedRejection,
  oauthErrorCode,
} from '../api/auth-errors';
import { completeSignIn } from '../complete-sign-in';
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
    description:
      'Create a QR Verify account and secure your documents against counterfeiting with QR-code verification.',
    canonicalPath: pathTo('signup'),
  });
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signInTarget = safeNextPath(searchParams.get('next')) ?? pathTo('signin');
  const dispatch = useAppDispatch();
  // A team invitation link: /signup?invitation={token}. Its email is the account's, fixed.
  const invitationToken = searchParams.get('invitation');
  const invitation = useGetInvitationQuery(invitationToken ?? '', { skip: !invitationToken });
  const [register] = useRegisterMutation();
  // What was registered: shown again, unchanged, when '< Back' returns to the form.
  const [registered, setRegistered] = useState<SignUpValues | null>(null);
  const [formValues, setFormValues] = useState<Partial<SignUpValues>>({});

  const signUp = async (values: SignUpValues): Promise<SubmissionErrors | void> => {
    try {
      const answer = await register({
        first_name: values.name,
        email: values.email,
        password: values.password,
        ...(invitationToken ? { invitation: invitationToken } : {}),
        ...readAttribution(),
      }).unwrap();
      // Accepting an invitation signs in at once: the link proved the email, so no code step.
      if (answer.tokens) {
        await dispatch(completeSignIn(answer.tokens, values.email));
        navigate(pathTo('dashboard'), { replace: true });
        return;
      }
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

  if (invitationToken && invitation.isLoading) return <ScreenLoading />;
  if (invitationToken && !invitation.data) {
    return (
      <>
        <AuthHeading
          title="This invitation link is no longer valid"
          subtitle="It may have been used already or have expired. Ask the account owner for a new one."
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          Already joined?{' '}
          <Link component={RouterLink} to={pathTo('signin')} sx={{ fontWeight: 600 }}>
            Sign In
          </Link>
        </Typography>
      </>
    );
  }

  const owner = invitation.data?.owner;
  return (
    <>
      {owner ? (
        <AuthHeading
          title={`Join ${owner.first_name || owner.email}'s team on QR Verify`}
          subtitle="Create your account to work on the team's documents."
        />
      ) : (
        <AuthHeading
          title="Let's create an account"
          subtitle="Secure your documents against counterfeiting with QR-code verification."
        />
      )}
      <Box sx={{ mt: 4 }}>
        {!invitation.data && <SignInAlternatives />}
        <SignUpForm
          onSubmit={signUp}
          initialValues={
            invitation.data ? { ...formValues, email: invitation.data.email } : formValues
          }
          isEmailReadOnly={Boolean(invitation.data)}
        />
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
