// The signed-in frame: sidebar, title bar, and the main area where screens fade in.
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

import { NoAccessState } from '@/components/no-access-state';
import { DeletionPendingBanner } from '@/features/account/components/deletion-pending-banner';
import { OnboardingScene } from '@/features/auth/components/onboarding-scene';
import { useLoadProfile } from '@/features/auth/use-load-profile';
import { PastDueBanner } from '@/features/subscription/components/past-due-banner';
import { registerNotificationNavigator } from '@/lib/notify';
import { selectOwnerName } from '@/lib/session/session-slice';

import { useAppSelector } from '../hooks';
import { deniedAccess } from '../route-guard';
import { useCurrentRoute } from '../use-current-route';

import { Sidebar } from './sidebar';
import { TitleBar } from './title-bar';

/** The screen, or the no-access state when a shared user opens by its address one their level does not reach. */
function GuardedOutlet() {
  const route = useCurrentRoute();
  // Compared field by field: the guard answers a new object on every call.
  const denied = useAppSelector((state) => deniedAccess(route, state), shallowEqual);
  const ownerName = useAppSelector(selectOwnerName);
  if (!denied) return <Outlet />;
  return <NoAccessState {...denied} ownerName={ownerName ?? undefined} />;
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
  // A toast's link (the plan limit's 'See plans') moves within the app instead of reloading it.
  const navigate = useNavigate();
  useEffect(() => registerNotificationNavigator((path) => void navigate(path)), [navigate]);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Sidebar />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TitleBar />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
          <DeletionPendingBanner />
          <PastDueBanner />
          <PageTransition />
        </Box>
      </Box>
      <OnboardingScene />
    </Box>
  );
}
