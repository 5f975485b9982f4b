import { Outlet } from 'react-router-dom';

import { PRODUCT_NAME } from '@/config/product';
import { documentTitleOf } from '@/config/routes';
import { useDocumentTitle } from '@/lib/use-document-head';

import { useCurrentRoute } from './use-current-route';

/** Names the browser tab after the screen showing, from the route table, for every route. */
export function RouteDocumentTitle() {
  const route = useCurrentRoute();
  useDocumentTitle(route ? documentTitleOf(route) : PRODUCT_NAME);
  return <Outlet />;
}
