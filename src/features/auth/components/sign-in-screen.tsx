import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';

import { AuthHeading } from './auth-heading';

export function SignInScreen() {
  return (
    <>
      <AuthHeading
        title="Let's get you Signed In"
        subtitle="Sign in to manage and track your document verifications."
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={pathTo('forgot-password')}>
          Forgot your password?
        </Link>
        <Link component={RouterLink} to={pathTo('signup')}>
          Create Account
        </Link>
      </Stack>
    </>
  );
}
