// sso: the organisation email leads to its identity provider, which sends
// the browser back here with ?code= to be exchanged for our tokens.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { pathTo } from '@/config/routes';
import { browserLocation } from '@/lib/browser-location';
import { useDocumentHead } from '@/lib/use-document-head';

import { useExchangeSsoCodeMutation, useRequestSsoRedirectMutation } from '../api/auth-api';
import { isExplainedRejection, serverMessage } from '../api/auth-errors';
import { completeSignIn } from '../complete-sign-in';
import { forgetSsoEmail, readSsoEmail, saveSsoEmail } from '../sso-email';

import { AuthHeading } from './auth-heading';
import { BackButton } from './back-button';
import { EmailStepForm, type EmailStepValues } from './email-step-form';

export const SSO_SIGN_IN_FAILED = 'We could not sign you in with SSO. Please try again.';
export const SSO_UNAVAILABLE = 'SSO could not be started for this email. Please try again.';

function failureMessage(error: unknown, fallback: string): string {
  return (isExplainedRejection(error) && serverMessage(error)) || fallback;
}

export function SsoScreen() {
  useDocumentHead({
    description: 'Sign in to QR Verify through your organisation’s single sign-on.',
    canonicalPath: pathTo('sso'),
    robots: 'noindex',
  });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [requestSsoRedirect] = useRequestSsoRedirectMutation();
  const [exchangeSsoCode] = useExchangeSsoCodeMutation();

  const code = searchParams.get('code');
  const state = searchParams.get('state') ?? undefined;
  const providerError = searchParams.get('error_description') ?? searchParams.get('error');
  const [storedEmail] = useState(readSsoEmail);
  const [isExchanging, setIsExchanging] = useState(Boolean(code && storedEmail));
  const [isLeaving, setIsLeaving] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(providerError);
  // A code is good for one exchange; StrictMode's second effect run must not spend it again.
  const exchangeStarted = useRef(false);

  useEffect(() => {
    if (!code || !storedEmail || exchangeStarted.current) return;
    exchangeStarted.current = true;
    (async () => {
      try {
        const tokens = await exchangeSsoCode({ email: storedEmail, code, state }).unwrap();
        await dispatch(completeSignIn(tokens, storedEmail));
        forgetSsoEmail();
        navigate(pathTo('dashboard'), { replace: true });
      } catch (error) {
        console.error('SSO code exchange failed', error);
        setErrorMessage(failureMessage(error, SSO_SIGN_IN_FAILED));
        setIsExchanging(false);
        // The spent code leaves the address so a reload cannot try it again.
        setSearchParams({}, { replace: true });
      }
    })();
  }, [code, state, storedEmail, exchangeSsoCode, dispatch, navigate, setSearchParams]);

  const startSso = async ({ email }: EmailStepValues) => {
    setErrorMessage(null);
    saveSsoEmail(email);
    try {
      const answer = await requestSsoRedirect({ email }).unwrap();
      const authUrl = answer.auth_url ?? answer.data?.auth_url;
      if (!authUrl) throw new Error('The SSO redirect answer carried no auth_url.');
      setIsLeaving(true);
      browserLocation.assign(authUrl);
    } catch (error) {
      console.error('SSO redirect failed', error);
      setErrorMessage(failureMessage(error, SSO_UNAVAILABLE));
    }
  };

  if (isExchanging) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress aria-hidden />
        <Typography>Signing you in with SSO…</Typography>
      </Stack>
    );
  }

  return (
    <Stack>
      <BackButton to={pathTo('signin')} />
      <AuthHeading title="Continue with SSO" subtitle="Use your organisation email to continue" />
      {errorMessage && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {errorMessage}
        </Alert>
      )}
      <Box sx={{ mt: 4 }}>
        <EmailStepForm
          onSubmit={startSso}
          initialEmail={storedEmail ?? undefined}
          label="Continue with SSO"
          isBusy={isLeaving}
        />
      </Box>
    </Stack>
  );
}
