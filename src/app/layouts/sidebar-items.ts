import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';

import type { RouteName, StaticRouteName } from '@/config/routes';

import type { SvgIconComponent } from '@mui/icons-material';

export interface SidebarItem {
  label: string;
  routeName: StaticRouteName;
  icon: SvgIconComponent;
  /** Whether the item is highlighted while the named route shows. */
  isActiveFor: (current: RouteName) => boolean;
}

const oneOf =
  (...names: RouteName[]) =>
  (current: RouteName) =>
    names.includes(current);

export const MAIN_SIDEBAR_ITEMS: SidebarItem[] = [
  {
    label: 'Verifications',
    routeName: 'dashboard',
    icon: VerifiedUserOutlined,
    isActiveFor: oneOf('dashboard', 'create-verification'),
  },
  {
    label: 'Integrations',
    routeName: 'integrations',
    icon: ExtensionOutlined,
    isActiveFor: oneOf('integrations'),
  },
  {
    label: 'Bulk Operations',
    routeName: 'bulk-operations',
    icon: LibraryAddOutlined,
    isActiveFor: oneOf('bulk-operations', 'create-bulk-verification'),
  },
  {
    label: 'Templates',
    routeName: 'templates',
    icon: WebOutlined,
    isActiveFor: oneOf('templates', 'create-template', 'edit-template'),
  },
  {
    label: 'Settings',
    routeName: 'custom-domain',
    icon: SettingsOutlined,
    // Any route named settings-… belongs to Settings, including future ones.
    isActiveFor: (current) => current === 'custom-domain' || current.startsWith('settings-'),
  },
  {
    // Opens the full-page scanner (outside this frame), as anyone holding a document sees it.
    label: 'Scanner',
    routeName: 'scanner',
    icon: QrCodeScannerOutlined,
    isActiveFor: oneOf('scanner'),
  },
];

export const BOTTOM_SIDEBAR_ITEMS: SidebarItem[] = [
  {
    label: 'Support',
    routeName: 'support',
    icon: SupportAgentOutlined,
    isActiveFor: oneOf('support'),
  },
  {
    label: 'Subscription',
    routeName: 'subscription-overview',
    icon: CreditCardOutlined,
    isActiveFor: oneOf(
      'subscription-overview',
      'subscription-plans',
      'payment-failed',
      'payment-confirmed',
    ),
  },
  {
    label: 'Account',
    routeName: 'account',
    icon: AccountCircleOutlined,
    isActiveFor: oneOf('account'),
  },
];
