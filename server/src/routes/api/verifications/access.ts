// Who may call the verification routes (plugins/auth.ts): reading needs view, any change needs edit. Staged
// uploads exist only to make verifications, so their routes need edit too.
import type { AreaAccess } from '../../../plugins/auth';

export const VIEW_VERIFICATIONS: AreaAccess = { area: 'verifications', level: 'view' };
export const EDIT_VERIFICATIONS: AreaAccess = { area: 'verifications', level: 'edit' };
