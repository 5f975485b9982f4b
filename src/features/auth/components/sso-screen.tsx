import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/app/routes';

import { AuthHeading } from './auth-heading';

export function SsoScreen() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <AuthHeading title="Continue with SSO" subtitle="Use your organisation email to continue" />
      <Button component={RouterLink} to={pathTo('signin')} variant="text">
        {'< Back'}
      </Button>
    </>
  );
}
