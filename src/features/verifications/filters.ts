// What the list can be narrowed to: the statuses by name, the filters the toolbar holds, and the bulk operation the
// address names.
import { pathTo } from '@/config/routes';

import type { VerificationStatus } from './api/verifications-api';

export const STATUS_LABELS: Record<VerificationStatus, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};

export interface VerificationFilters {
  search: string;
  status: VerificationStatus | '';
  issuedFrom: string;
  issuedTo: string;
}

export const NO_FILTERS: VerificationFilters = {
  search: '',
  status: '',
  issuedFrom: '',
  issuedTo: '',
};

/** The address's filter by bulk operation (`/?bulk_operation=<id>`), as the bulk list and the drawer link to it. */
export const BULK_OPERATION_PARAM = 'bulk_operation';

/** The dashboard showing only the verifications one bulk operation made. */
export function bulkOperationFilterPath(id: string): string {
  return `${pathTo('dashboard')}?${new URLSearchParams({ [BULK_OPERATION_PARAM]: id })}`;
}
