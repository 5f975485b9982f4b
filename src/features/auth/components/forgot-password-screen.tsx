// forgot-password: email, then the emailed code, then a new password.
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { pathTo } from '@/config/routes';
import { notify } from '@/lib/notify';
import { useDocumentHead } from '@/lib/use-document-head';

import {
  useRequestPasswordResetMutation,
  useResetForgottenPasswordMutation,
} from '../api/auth-api';
import { firstFieldError, isExplainedRejection } from '../api/auth-errors';
import { signInWithPassword } from '../complete-sign-in';

import { AuthHeading } from './auth-heading';
import { BackButton } from './back-button';
import { ChangePasswordForm, type ChangePasswordValues } from './change-password-form';
import { EmailStepForm, type EmailStepValues } from './email-step-form';
import { EmailVerificationStep } from './email-verification-step';

export const OTP_SENT_LIFETIME_MS = 8000;
export const CHANGE_PASSWORD_FAILED_LIFETIME_MS = 8000;

type Step = 'email' | 'code' | 'password';

function FooterLinks() {
  return (
    <Stack
      direction="row"
      sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
    >
      <Link component={RouterLink} to={pathTo('signin')} variant="body2">
        Sign In
      </Link>
      <Link component={RouterLink} to={pathTo('signup')} variant="body2">
        Create Account
      </Link>
    </Stack>
  );
}

export function ForgotPasswordScreen() {
  useDocumentHead({
    description: 'Reset your QR Verify password with a one-time code sent to your email.',
    canonicalPath: pathTo('forgot-password'),
    robots: 'noindex, nofollow',
  });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [requestPasswordReset] = useRequestPasswordResetMutation();
  const [resetForgottenPassword] = useResetForgottenPasswordMutation();

  const sendCode = async (values: EmailStepValues) => {
    try {
      const answer = await requestPasswordReset({ email: values.email }).unwrap();
      notify({
        severity: 'success',
        summary: 'OTP Sent',
        detail: answer.message || 'A 6-digit OTP has been sent to your email.',
        lifetime: OTP_SENT_LIFETIME_MS,
      });
      setEmail(values.email);
      setStep('code');
    } catch (error) {
      // Only logged here: the API error listener already shows its toast.
      console.warn('The password reset code could not be sent.', error);
    }
  };

  const saveNewPassword = async ({ password }: ChangePasswordValues) => {
    try {
      await resetForgottenPassword({ email, password }).unwrap();
    } catch (error) {
      if (isExplainedRejection(error)) {
        notify({
          severity: 'error',
          summary: 'Error',
          detail: firstFieldError(error, 'email') ?? 'Failed to change password',
          lifetime: CHANGE_PASSWORD_FAILED_LIFETIME_MS,
        });
      }
      return;
    }
    try {
      await dispatch(signInWithPassword(email, password));
    } catch {
      navigate(pathTo('signin'), { replace: true });
      return;
    }
    navigate(pathTo('dashboard'), { replace: true });
  };

  if (step === 'code') {
    return (
      <>
        <EmailVerificationStep
          email={email}
          source="forget-password"
          onBack={() => setStep('email')}
          onVerified={() => setStep('password')}
        />
        <FooterLinks />
      </>
    );
  }

  if (step === 'password') {
    return (
      <>
        <Stack>
          <BackButton onClick={() => setStep('code')} />
          <AuthHeading
            title="Change your password"
            subtitle={
              <>
                Choose a new password for{' '}
                <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {email}
                </Typography>
                .
              </>
            }
          />
        </Stack>
        <Stack sx={{ mt: 4 }}>
          <ChangePasswordForm onSubmit={saveNewPassword} />
        </Stack>
        <FooterLinks />
      </>
    );
  }

  return (
    <>
      <AuthHeading
        title="Reset your Password"
        subtitle="Enter your email and we will send a 6-digit OTP to it."
      />
      <Stack sx={{ mt: 4 }}>
        <EmailStepForm onSubmit={sendCode} initialEmail={email} label="Reset your password" />
      </Stack>
      <FooterLinks />
    </>
  );
}
