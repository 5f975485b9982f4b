import EventOutlined from '@mui/icons-material/EventOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { env } from '@/config/env';
import { PRODUCT_NAME } from '@/config/product';
import { signOut } from '@/features/auth/sign-out';
import { selectEmail, selectIsSharedUser } from '@/lib/session/session-slice';

import { useAppDispatch, useAppSelector } from '../hooks';
import { pathTo } from '../routes';
import { useCurrentRoute } from '../use-current-route';

export const NO_DESCRIPTION = 'No description available';

export function TitleBar() {
  const route = useCurrentRoute();
  const email = useAppSelector(selectEmail);
  const isSharedUser = useAppSelector(selectIsSharedUser);
  const dispatch = useAppDispatch();

  return (
    // Sticky from sm up only: on a phone the wrapped bar would cover half the screen.
    <AppBar position="sticky" sx={{ position: { xs: 'static', sm: 'sticky' } }}>
      <Toolbar sx={{ gap: 2, py: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h1" component="h1" noWrap>
            {route?.title ?? PRODUCT_NAME}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {route?.description || NO_DESCRIPTION}
          </Typography>
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          {email && (
            <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} noWrap>
              {email}
            </Typography>
          )}
          <Button
            variant="outlined"
            href={env.BOOK_A_DEMO_URL}
            target="_blank"
            rel="noopener"
            startIcon={<EventOutlined />}
          >
            Book A Demo
          </Button>
          {!isSharedUser && (
            <Button
              variant="contained"
              component={RouterLink}
              to={pathTo('settings-users')}
              startIcon={<PersonAddAlt1Outlined />}
            >
              Add User
            </Button>
          )}
          <Button
            color="inherit"
            onClick={() => dispatch(signOut())}
            startIcon={<LogoutOutlined />}
          >
            Sign Out
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
