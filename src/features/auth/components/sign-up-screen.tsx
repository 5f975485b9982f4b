import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { pathTo } from '@/app/routes';

import { safeNextPath } from '../next-path';

import { AuthHeading } from './auth-heading';

export function SignUpScreen() {
  const [searchParams] = useSearchParams();
  const signInTarget = safeNextPath(searchParams.get('next')) ?? pathTo('signin');
  return (
    <>
      <AuthHeading
        title="Let's create an account"
        subtitle="Secure your documents against counterfeiting with QR-code verification."
      />
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={signInTarget}>
          Sign In
        </Link>
      </Typography>
    </>
  );
}
