import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';

import { OrDivider } from '@/components/or-divider';
import { pathTo } from '@/config/routes';

import { GoogleSignInButton } from './google-sign-in-button';

/** The social and SSO buttons, then the 'or' before the email form (signin and signup). */
export function SignInAlternatives() {
  return (
    <>
      <Stack spacing={1.5}>
        <GoogleSignInButton />
        <Button
          component={RouterLink}
          to={pathTo('sso')}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={<KeyOutlined />}
        >
          Continue with SSO
        </Button>
      </Stack>
      <OrDivider />
    </>
  );
}
