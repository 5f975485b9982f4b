// The signed-in frame: sidebar, title bar, and the main area where screens fade in.
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import { Outlet, useLocation } from 'react-router-dom';

import { NoAccessState } from '@/components/no-access-state';
import { OnboardingScene } from '@/features/auth/components/onboarding-scene';
import { useLoadProfile } from '@/features/auth/use-load-profile';

import { useAppSelector } from '../hooks';
import { deniedArea } from '../route-guard';
import { useCurrentRoute } from '../use-current-route';

import { Sidebar } from './sidebar';
import { TitleBar } from './title-bar';

/** The screen, or the no-access state when a shared user opens an area they have none of by its address. */
function GuardedOutlet() {
  const route = useCurrentRoute();
  const area = useAppSelector((state) => deniedArea(route, state));
  const owner = useAppSelector((state) => state.session.ownerUserDetails);
  if (!area) return <Outlet />;
  const ownerName = owner ? [owner.first_name, owner.last_name].filter(Boolean).join(' ') : '';
  return <NoAccessState area={area} ownerName={ownerName || owner?.email} />;
}

function PageTransition() {
  const { pathname, search, hash } = useLocation();
  // Keyed by the full path so every navigation, even between tabs, fades the new page in.
  return (
    <Fade key={pathname + search + hash} in appear timeout={200}>
      <Box>
        <GuardedOutlet />
      </Box>
    </Fade>
  );
}

export function AppLayout() {
  useLoadProfile();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Sidebar />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TitleBar />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
          <PageTransition />
        </Box>
      </Box>
      <OnboardingScene />
    </Box>
  );
}
