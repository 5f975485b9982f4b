// The signed-in user's level in one area, for screens and layouts.
import type { AccessArea, AccessLevel } from '@common/team';

import { selectAccess } from './session-slice';
import { useSessionSelector } from './use-session-selector';

export function useAccess(area: AccessArea): AccessLevel {
  return useSessionSelector((state) => selectAccess(state, area));
}

/** Whether the signed-in user may create, change and delete in `area`: what screens show their controls for. */
export function useCanEdit(area: AccessArea): boolean {
  return useAccess(area) === 'edit';
}
