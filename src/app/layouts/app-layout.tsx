// The signed-in frame: sidebar, title bar, and the main area where screens fade in.
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import { useEffect, useState } from 'react';
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

import { Sidebar, SidebarDrawer } from './sidebar';
import { SkipLink } from './skip-link';
import { TitleBar } from './title-bar';
import { useIsPhoneWindow } from './use-window-width';

const MAIN_CONTENT_ID = 'main-content';

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

/** The sidebar's drawer on a phone: open on the page it was opened on, so any navigation closes it. */
function useNavigationDrawer() {
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  return {
    isOpen: openedOn === pathname,
    open: () => setOpenedOn(pathname),
    close: () => setOpenedOn(null),
  };
}

export function AppLayout() {
  useLoadProfile();
  // A toast's link (the plan limit's 'See plans') moves within the app instead of reloading it.
  const navigate = useNavigate();
  useEffect(() => registerNotificationNavigator((path) => void navigate(path)), [navigate]);
  const isPhone = useIsPhoneWindow();
  const drawer = useNavigationDrawer();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      {isPhone ? <SidebarDrawer open={drawer.isOpen} onClose={drawer.close} /> : <Sidebar />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TitleBar onOpenNavigation={drawer.open} />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          // Focusable only by the skip link, which lands here; no ring around the whole screen.
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <DeletionPendingBanner />
          <PastDueBanner />
          <PageTransition />
        </Box>
      </Box>
      <OnboardingScene />
    </Box>
  );
}
