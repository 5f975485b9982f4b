import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Outlet } from 'react-router-dom';

import { pathTo, type StaticRouteName } from '@/config/routes';

import { useCurrentRoute } from '../use-current-route';

export interface RouteTab {
  label: string;
  routeName: StaticRouteName;
}

/** Tabs that are links to named routes; the first tab is active when no tab's route shows. */
export function RouteTabsLayout({ tabs, label }: { tabs: RouteTab[]; label: string }) {
  const currentRoute = useCurrentRoute();
  const activeTab = tabs.find((tab) => tab.routeName === currentRoute?.name) ?? tabs[0];
  return (
    <>
      <Tabs
        value={activeTab.routeName}
        aria-label={label}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.routeName}
            value={tab.routeName}
            label={tab.label}
            component={RouterLink}
            to={pathTo(tab.routeName)}
          />
        ))}
      </Tabs>
      <Box>
        <Outlet />
      </Box>
    </>
  );
}
