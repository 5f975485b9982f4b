// 'welcome': where a shared user lands whose owner has shared no area with them yet (route-guard.ts). It names
// what the owner shared, area by area, and what the user can do meanwhile; an owner has nothing to be told here.
import EmojiPeopleOutlined from '@mui/icons-material/EmojiPeopleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { getRoute, pathTo, routeArea, type StaticRouteName } from '@/config/routes';
import {
  selectAccess,
  selectIsSharedUser,
  selectOwnerName,
  type StateWithSession,
} from '@/lib/session/session-slice';
import { ACCESS_AREA_NAMES, ACCESS_AREAS, type AccessArea, type AccessLevel } from '@common/team';

import { useAppSelector } from './hooks';
import { LANDING_ROUTES } from './route-guard';

const LEVEL_WORDS: Record<AccessLevel, string> = {
  none: 'not shared',
  view: 'you can view',
  edit: 'you can view and change',
};

function screenOf(area: AccessArea): StaticRouteName {
  return LANDING_ROUTES.find((name) => routeArea(getRoute(name)) === area) ?? 'dashboard';
}

/** 'Verifications: not shared', with a link to the area when it is. */
function SharedArea({ area, level }: { area: AccessArea; level: AccessLevel }) {
  const name = ACCESS_AREA_NAMES[area];
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  return (
    <li>
      {level === 'none' ? (
        label
      ) : (
        <Link component={RouterLink} to={pathTo(screenOf(area))}>
          {label}
        </Link>
      )}
      {`: ${LEVEL_WORDS[level]}`}
    </li>
  );
}

export function WelcomeScreen() {
  const isSharedUser = useAppSelector(selectIsSharedUser);
  const ownerName = useAppSelector(selectOwnerName);
  // Joined as text so the screen re-renders only when a level changes.
  const levels = useAppSelector((state: StateWithSession) =>
    ACCESS_AREAS.map((area) => selectAccess(state, area)).join(' '),
  ).split(' ') as AccessLevel[];
  if (!isSharedUser) return <Navigate to={pathTo('dashboard')} replace />;

  const owner = ownerName ?? 'The account owner';
  const hasAny = levels.some((level) => level !== 'none');
  return (
    <EmptyState
      icon={EmojiPeopleOutlined}
      title={ownerName ? `Welcome to ${ownerName}'s account` : 'Welcome'}
      description={
        hasAny
          ? `Here is what ${owner} has shared with you:`
          : `${owner} has not shared any area with you yet, so there is nothing here for you to open. Ask them to give you access.`
      }
      action={
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'center' }}
        >
          <Button component={RouterLink} to={pathTo('scanner')} variant="contained">
            Open the scanner
          </Button>
          <Button component={RouterLink} to={pathTo('support')} variant="outlined">
            Support
          </Button>
          <Button component={RouterLink} to={pathTo('account')} variant="outlined">
            Your account
          </Button>
        </Stack>
      }
    >
      <Box
        component="ul"
        aria-label="What is shared with you"
        sx={{ mt: 2, mb: 0, pl: 0, listStyle: 'none', '& li': { py: 0.5 } }}
      >
        {ACCESS_AREAS.map((area, index) => (
          <SharedArea key={area} area={area} level={levels[index]} />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mx: 'auto', maxWidth: 520 }}>
        {`${hasAny ? 'You can also' : 'Meanwhile you can'} check a document with the scanner, write to support, or change your own account.`}
      </Typography>
    </EmptyState>
  );
}
