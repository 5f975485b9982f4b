import { selectIsSharedUser } from '@/lib/session/session-slice';

import { useAppSelector } from '../hooks';

import { RouteTabsLayout, type RouteTab } from './route-tabs-layout';

const OVERVIEW_TAB: RouteTab = { label: 'Overview', routeName: 'subscription-overview' };
const PLANS_TAB: RouteTab = { label: 'Plans', routeName: 'subscription-plans' };

export function SubscriptionLayout() {
  const isSharedUser = useAppSelector(selectIsSharedUser);
  // Shared users act under the owner's plan and cannot change it.
  const tabs = isSharedUser ? [OVERVIEW_TAB] : [OVERVIEW_TAB, PLANS_TAB];
  return <RouteTabsLayout tabs={tabs} label="Subscription" />;
}
