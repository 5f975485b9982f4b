import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';

import { AuthHeading } from './auth-heading';

export function ForgotPasswordScreen() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <AuthHeading
        title="Reset your Password"
        subtitle="We will send a 6-digit OTP to your email to confirm it is you."
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={pathTo('signin')}>
          Sign In
        </Link>
        <Link component={RouterLink} to={pathTo('signup')}>
          Create Account
        </Link>
      </Stack>
    </>
  );
}
