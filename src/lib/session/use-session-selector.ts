// The typed selector hook for code below app/ (lib/ never imports the store): it knows the session's state only.
// Screens and layouts use app/hooks.ts, typed by the whole store.
import { useSelector } from 'react-redux';

import type { StateWithSession } from './session-slice';

export const useSessionSelector = useSelector.withTypes<StateWithSession>();
