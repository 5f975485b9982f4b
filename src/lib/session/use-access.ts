// The signed-in user's level in one area, for screens and layouts. lib/ sits below app/, so the typed selector
// hook is made here from the session's own state type rather than imported from app/hooks.
import { useSelector } from 'react-redux';

import type { AccessArea, AccessLevel } from '@common/team';

import { selectAccess, type StateWithSession } from './session-slice';

const useSessionSelector = useSelector.withTypes<StateWithSession>();

export function useAccess(area: AccessArea): AccessLevel {
  return useSessionSelector((state) => selectAccess(state, area));
}

/** Whether the signed-in user may create, change and delete in `area`: what screens show their controls for. */
export function useCanEdit(area: AccessArea): boolean {
  return useAccess(area) === 'edit';
}
