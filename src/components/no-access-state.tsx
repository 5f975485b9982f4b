// What a shared user sees in place of a screen their owner gave them no access to.
import LockOutlined from '@mui/icons-material/LockOutlined';

import { ACCESS_AREA_NAMES, type AccessArea } from '@common/team';

import { EmptyState } from './empty-state';

interface NoAccessStateProps {
  area: AccessArea;
  /** The account owner's name or email, when known, so the user knows whom to ask. */
  ownerName?: string;
}

export function NoAccessState({ area, ownerName }: NoAccessStateProps) {
  return (
    <EmptyState
      icon={LockOutlined}
      title={`You don't have access to ${ACCESS_AREA_NAMES[area]}`}
      description={`Ask the account owner${ownerName ? ` (${ownerName})` : ''} to give you access.`}
    />
  );
}
