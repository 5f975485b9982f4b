// The trust list for checking seals: fresh from the server when it answers (the service worker may answer from
// its copy offline), else the copy the device kept from its last online use, else — never fetched on this device —
// an empty list that knows this host only, so the page can still say the seal could not be checked.
import { useMemo } from 'react';

import type { TrustList } from '@common/seals/trust-list';

import { storedTrustList, useGetTrustListQuery } from './api/scanner-api';

export interface TrustListState {
  trustList: TrustList | null;
  isLoading: boolean;
}

export function useTrustList(): TrustListState {
  const { data, isLoading, isError } = useGetTrustListQuery();
  // Read once per failure, so the list keeps its identity between renders (checks re-run when it changes).
  const stored = useMemo(() => (isError ? storedTrustList() : null), [isError]);
  if (data) return { trustList: data, isLoading: false };
  if (isError) return { trustList: stored, isLoading: false };
  return { trustList: null, isLoading };
}
