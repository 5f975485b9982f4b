import CloseOutlined from '@mui/icons-material/CloseOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router-dom';

import { LegalLinks } from '@/components/legal-links';
import { ProductMark } from '@/components/product-mark';
import { PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL } from '@/config/paths';
import { getRoute, pathTo, routeArea } from '@/config/routes';
import { selectAccess } from '@/lib/session/session-slice';
import { ACCESS_AREAS } from '@common/team';

import { useAppSelector } from '../hooks';
import { useCurrentRoute } from '../use-current-route';

import { BOTTOM_SIDEBAR_ITEMS, MAIN_SIDEBAR_ITEMS, type SidebarItem } from './sidebar-items';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

import type { ReactNode } from 'react';

const EXPANDED_WIDTH = 248;
const COLLAPSED_WIDTH = 72;

function SidebarLink({
  item,
  collapsed,
  active,
  onNavigate,
}: {
  item: SidebarItem;
  collapsed: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  return (
    // Collapsed items show only an icon; the tooltip also gives them their accessible name.
    <Tooltip title={collapsed ? item.label : ''} placement="right">
      <ListItemButton
        component={RouterLink}
        to={pathTo(item.routeName)}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{
          minHeight: 44,
          px: 1.5,
          mb: 0.5,
          justifyContent: collapsed ? 'center' : 'flex-start',
        }}
      >
        <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5 }}>
          <Icon />
        </ListItemIcon>
        {!collapsed && <ListItemText primary={item.label} />}
      </ListItemButton>
    </Tooltip>
  );
}

function CollapsedLegalLinks() {
  return (
    <Stack sx={{ alignItems: 'center' }}>
      <Tooltip title="Terms of Service" placement="right">
        <IconButton size="small" href={TERMS_OF_SERVICE_URL} target="_blank" rel="noopener">
          <GavelOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Privacy Policy" placement="right">
        <IconButton size="small" href={PRIVACY_POLICY_URL} target="_blank" rel="noopener">
          <PrivacyTipOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The items a user may open: a shared user does not see areas their owner gave them no access to. */
function useVisibleItems(items: SidebarItem[]): SidebarItem[] {
  // Selected as text so the sidebar re-renders only when the hidden areas change.
  const hiddenAreas = useAppSelector((state) =>
    ACCESS_AREAS.filter((area) => selectAccess(state, area) === 'none').join(' '),
  ).split(' ');
  return items.filter((item) => {
    const area = routeArea(getRoute(item.routeName));
    return area === undefined || !hiddenAreas.includes(area);
  });
}

/** What the rail and the phone's drawer both show; `headerButton` collapses the one or closes the other. */
function SidebarContent({
  collapsed,
  headerButton,
  onNavigate,
}: {
  collapsed: boolean;
  headerButton: ReactNode;
  onNavigate?: () => void;
}) {
  const currentRoute = useCurrentRoute();
  const mainItems = useVisibleItems(MAIN_SIDEBAR_ITEMS);
  const bottomItems = useVisibleItems(BOTTOM_SIDEBAR_ITEMS);
  const renderItems = (items: SidebarItem[]) =>
    items.map((item) => (
      <SidebarLink
        key={item.routeName}
        item={item}
        collapsed={collapsed}
        active={currentRoute ? item.isActiveFor(currentRoute.name) : false}
        onNavigate={onNavigate}
      />
    ));

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          gap: 1,
          px: collapsed ? 1 : 2,
          py: 2,
        }}
      >
        {!collapsed && <ProductMark />}
        {headerButton}
      </Box>
      <List component="nav" aria-label="Main" sx={{ px: 1.5 }}>
        {renderItems(mainItems)}
      </List>
      <Box sx={{ flex: 1 }} />
      <List component="nav" aria-label="Help and account" sx={{ px: 1.5 }}>
        {renderItems(bottomItems)}
      </List>
      <Divider />
      <Box sx={{ px: collapsed ? 0 : 2, py: 1.5 }}>
        {collapsed ? <CollapsedLegalLinks /> : <LegalLinks />}
      </Box>
    </>
  );
}

/** The rail beside the page on tablets and desktops: expanded or collapsed to icons. */
export function Sidebar() {
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const width = collapsed ? COLLAPSED_WIDTH : EXPANDED_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <SidebarContent
        collapsed={collapsed}
        headerButton={
          <IconButton
            onClick={toggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
          >
            {collapsed ? <MenuOutlined /> : <MenuOpenOutlined />}
          </IconButton>
        }
      />
    </Drawer>
  );
}

/**
 * On a phone the sidebar is a drawer over the page, opened from the title bar: a rail beside the
 * page would leave the screen too little room. Following a link closes it.
 */
export function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width: EXPANDED_WIDTH, maxWidth: '85vw' } }}
    >
      <SidebarContent
        collapsed={false}
        onNavigate={onClose}
        headerButton={
          <IconButton onClick={onClose} aria-label="Close navigation">
            <CloseOutlined />
          </IconButton>
        }
      />
    </Drawer>
  );
}
