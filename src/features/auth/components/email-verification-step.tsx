// The email-verification step shared by sign-up, sign-in and password
// reset: a 6-digit code, Resend with a 10-second cooldown, and Confirm.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { OtpInput } from '@/components/otp-input';
import { pathTo } from '@/config/routes';
import { pushAnalyticsEvent } from '@/lib/analytics';
import { notify } from '@/lib/notify';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@common/auth';

import { useResendOtpMutation, useVerifyEmailMutation, type OtpSource } from '../api/auth-api';
import { isApiError, isExplainedRejection, serverMessage } from '../api/auth-errors';
import { signInWithPassword } from '../complete-sign-in';

import { AuthHeading } from './auth-heading';
import { BackButton } from './back-button';

export const OTP_RESENT_LIFETIME_MS = 3000;

interface EmailVerificationStepProps {
  email: string;
  /** Signs the user in after a sign-up verification. */
  password?: string;
  source?: OtpSource;
  /** Called once the code is accepted (and, for sign-up, the user is signed in). */
  onVerified: () => void | Promise<void>;
  /** Shows '< Back' when given. */
  onBack?: () => void;
}

function errorMessageOf(error: unknown): string | undefined {
  const message =
    typeof error === 'object' && error !== null && 'message' in error && error.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Whole seconds left until `start(seconds)` runs out; measured against the clock, not ticks. */
function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = (seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  };
  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, start };
}

export function EmailVerificationStep({
  email,
  password,
  source = 'email_verification',
  onVerified,
  onBack,
}: EmailVerificationStepProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [isCompleting, setIsCompleting] = useState(false);
  const [verifyEmail, { isLoading: isVerifying }] = useVerifyEmailMutation();
  const [resendOtp] = useResendOtpMutation();
  const cooldown = useCountdown();

  const resend = async () => {
    cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    try {
      const answer = await resendOtp({ email }).unwrap();
      notify({
        severity: 'success',
        summary: 'OTP Resent',
        detail: answer.data?.message || 'OTP has been resent successfully.',
        lifetime: OTP_RESENT_LIFETIME_MS,
      });
    } catch (error) {
      if (isExplainedRejection(error)) {
        notify({
          severity: 'error',
          summary: 'Resend Failed',
          detail: serverMessage(error) ?? 'Failed to resend OTP, please try again.',
        });
      } else if (!isApiError(error)) {
        // Not an answer from the server at all: something broke on our side.
        notify({
          severity: 'error',
          summary: 'Resend Failed',
          detail: errorMessageOf(error) ?? 'An error occurred while resending OTP.',
        });
      }
      // Other failures (network, 429, 5xx) get the generic toast from the API error listener.
    }
  };

  /** After a sign-up the user is signed in with the password they chose. */
  const signInAfterSignUp = async (): Promise<boolean> => {
    pushAnalyticsEvent({ event: 'signup-completed', email });
    if (!password) return true;
    try {
      await dispatch(signInWithPassword(email, password));
      return true;
    } catch {
      notify({
        severity: 'info',
        summary: 'Email verified',
        detail: 'Your email is verified. Please sign in to continue.',
      });
      navigate(pathTo('signin'), { replace: true });
      return false;
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH || isVerifying || isCompleting) return;
    if (!email) {
      console.error('Email verification needs an email address; none was given.');
      return;
    }
    try {
      await verifyEmail({ email, otp: code, source }).unwrap();
    } catch (error) {
      if (isExplainedRejection(error)) {
        notify({
          severity: 'error',
          summary: 'Verification Failed',
          detail: serverMessage(error) ?? 'Invalid OTP, Please try again.',
        });
      }
      return;
    }
    setIsCompleting(true);
    try {
      if (source === 'signup' && !(await signInAfterSignUp())) return;
      await onVerified();
    } finally {
      setIsCompleting(false);
    }
  };

  const isCoolingDown = cooldown.secondsLeft > 0;

  return (
    <Box component="form" noValidate onSubmit={confirm} aria-label="Verify your email">
      <Stack>
        {onBack && <BackButton onClick={onBack} />}
        <AuthHeading
          title="Authenticate Your Account"
          subtitle="Please enter the code sent to your email."
        />
        <Typography
          variant="body2"
          sx={{ textAlign: 'center', fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {email}
        </Typography>
        <Box sx={{ my: 4 }}>
          <OtpInput onChange={setCode} autoFocus />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          Check Spam folder if you haven&apos;t received it.
        </Typography>
        <Stack spacing={1.5}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={code.length !== OTP_LENGTH}
            loading={isVerifying || isCompleting}
          >
            Confirm
          </Button>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            onClick={resend}
            disabled={isCoolingDown}
          >
            {isCoolingDown ? `Resend (${cooldown.secondsLeft}s)` : 'Resend'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
