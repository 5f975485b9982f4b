// 'Continue with Google': Google's popup grants an access token, the server
// converts it into our tokens, and the user lands on the dashboard.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { GoogleGIcon } from '@/components/google-g-icon';
import { env } from '@/config/env';
import { pathTo } from '@/config/routes';
import { pushAnalyticsEvent } from '@/lib/analytics';
import { readAttribution } from '@/lib/attribution';
import { notify } from '@/lib/notify';

import { useConvertGoogleTokenMutation } from '../api/auth-api';
import { completeSignIn } from '../complete-sign-in';
import { GoogleLibraryError, requestGoogleAccessToken } from '../google-identity';

export const SOCIAL_SIGN_IN_UNAVAILABLE = 'Google sign-in is not configured for this site.';

const LABEL = 'Continue with Google';

export function GoogleSignInButton() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [convertGoogleToken] = useConvertGoogleTokenMutation();
  const [isBusy, setIsBusy] = useState(false);
  const hintId = useId();

  if (!env.GOOGLE_CLIENT_ID) {
    return (
      <Box>
        {/* The caption below says why, in words that stay visible (no tooltip: it would pull
            MUI's Popper into the sign-in screens for the same sentence). */}
        <Button
          variant="outlined"
          size="large"
          fullWidth
          disabled
          startIcon={<GoogleGIcon sx={{ opacity: 0.5 }} />}
          aria-describedby={hintId}
        >
          {LABEL}
        </Button>
        <Typography
          id={hintId}
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', textAlign: 'center', mt: 0.5 }}
        >
          {SOCIAL_SIGN_IN_UNAVAILABLE}
        </Typography>
      </Box>
    );
  }

  const signInWithGoogle = async () => {
    setIsBusy(true);
    try {
      let accessToken: string;
      try {
        accessToken = await requestGoogleAccessToken(env.GOOGLE_CLIENT_ID);
      } catch (error) {
        if (error instanceof GoogleLibraryError) {
          notify({ severity: 'error', summary: 'Error', detail: error.message });
        } else {
          console.info(error instanceof Error ? error.message : error);
        }
        return;
      }
      const tokens = await convertGoogleToken({ token: accessToken, ...readAttribution() })
        .unwrap()
        .catch(() => null); // the API error listener has shown why
      if (!tokens) return;
      const profile = await dispatch(completeSignIn(tokens));
      if (tokens.is_new_user) {
        pushAnalyticsEvent({ event: 'signup-completed', email: profile?.email ?? '' });
      }
      navigate(pathTo('dashboard'), { replace: true });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      onClick={signInWithGoogle}
      loading={isBusy}
      loadingPosition="start"
      startIcon={<GoogleGIcon />}
    >
      {LABEL}
    </Button>
  );
}
