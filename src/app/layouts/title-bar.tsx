import EventOutlined from '@mui/icons-material/EventOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { env } from '@/config/env';
import { PRODUCT_NAME } from '@/config/product';
import { pathTo } from '@/config/routes';
import { signOut } from '@/features/auth/sign-out';
import { selectEmail, selectIsSharedUser } from '@/lib/session/session-slice';

import { useAppDispatch, useAppSelector } from '../hooks';
import { useCurrentRoute } from '../use-current-route';

import { useIsPhoneWindow } from './use-window-width';

export const NO_DESCRIPTION = 'No description available';

/** The user's email and the three actions, as the title bar shows them beside the heading. */
function TitleBarActions() {
  const email = useAppSelector(selectEmail);
  const isSharedUser = useAppSelector(selectIsSharedUser);
  const dispatch = useAppDispatch();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
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
      <Button color="inherit" onClick={() => dispatch(signOut())} startIcon={<LogoutOutlined />}>
        Sign Out
      </Button>
    </Stack>
  );
}

/** The same email and actions folded into a menu, for a phone's narrow title bar. */
function TitleBarActionsMenu() {
  const email = useAppSelector(selectEmail);
  const isSharedUser = useAppSelector(selectIsSharedUser);
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        id={buttonId}
        aria-label="Account and actions"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        edge="end"
      >
        <MoreVertOutlined />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {email && (
          // A menu holds only menu items: the email is one that does nothing, in full colour.
          <MenuItem
            disabled
            sx={{ '&.Mui-disabled': { opacity: 1 }, color: 'text.secondary', typography: 'body2' }}
          >
            {email}
          </MenuItem>
        )}
        {email && <Divider />}
        <MenuItem
          component="a"
          href={env.BOOK_A_DEMO_URL}
          target="_blank"
          rel="noopener"
          onClick={close}
        >
          <ListItemIcon>
            <EventOutlined />
          </ListItemIcon>
          Book A Demo
        </MenuItem>
        {!isSharedUser && (
          <MenuItem component={RouterLink} to={pathTo('settings-users')} onClick={close}>
            <ListItemIcon>
              <PersonAddAlt1Outlined />
            </ListItemIcon>
            Add User
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            dispatch(signOut());
          }}
        >
          <ListItemIcon>
            <LogoutOutlined />
          </ListItemIcon>
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}

/** `onOpenNavigation`: opens the sidebar's drawer, on a phone, from a button beside the heading. */
export function TitleBar({ onOpenNavigation }: { onOpenNavigation?: () => void }) {
  const route = useCurrentRoute();
  const isPhone = useIsPhoneWindow();

  return (
    // Sticky from sm up only: a phone's screen is too short to give the bar for good.
    <AppBar position="sticky" sx={{ position: { xs: 'static', sm: 'sticky' } }}>
      <Toolbar sx={{ gap: isPhone ? 1 : 2, py: isPhone ? 1 : 1.5, flexWrap: 'wrap' }}>
        {isPhone && onOpenNavigation && (
          <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNavigation}>
            <MenuOutlined />
          </IconButton>
        )}
        <Box sx={{ flex: isPhone ? 1 : '1 1 240px', minWidth: 0 }}>
          <Typography
            variant="h1"
            component="h1"
            noWrap
            sx={isPhone ? { fontSize: '1.125rem' } : undefined}
          >
            {route?.title ?? PRODUCT_NAME}
          </Typography>
          <Typography variant={isPhone ? 'caption' : 'body2'} component="p" color="text.secondary">
            {route?.description || NO_DESCRIPTION}
          </Typography>
        </Box>
        {isPhone ? <TitleBarActionsMenu /> : <TitleBarActions />}
      </Toolbar>
    </AppBar>
  );
}
