import { useAppSelector } from '@/app/hooks';
import { selectIsAuthenticated } from '@/lib/session/session-slice';

import { useGetProfileQuery } from './api/auth-api';

/**
 * Keeps the signed-in user's profile loaded. After a page reload the session comes back from
 * storage but the onboarding flag (memory only) does not, so the profile is asked for again;
 * straight after a sign-in the cached answer is reused.
 */
export function useLoadProfile(): void {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  useGetProfileQuery(undefined, { skip: !isAuthenticated });
}
