// Addresses the bulk screens link to, built from the route table's names.
import { pathTo } from '@/config/routes';

/** The dashboard showing only the verifications one operation made. */
export function verificationsOfOperationPath(id: string): string {
  return `${pathTo('dashboard')}?${new URLSearchParams({ bulk_operation: id })}`;
}
