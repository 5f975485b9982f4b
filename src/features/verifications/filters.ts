// What the list can be narrowed to: the statuses by name, and the filters the toolbar holds.
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
