import { RouteTabsLayout, type RouteTab } from './route-tabs-layout';

const SETTINGS_TABS: RouteTab[] = [
  { label: 'Custom Domain', routeName: 'custom-domain' },
  { label: 'Users', routeName: 'settings-users' },
];

export function SettingsLayout() {
  return <RouteTabsLayout tabs={SETTINGS_TABS} label="Settings" />;
}
