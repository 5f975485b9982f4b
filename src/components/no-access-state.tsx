// What a shared user sees in place of a screen their owner gave them no access to, or only view access.
import LockOutlined from '@mui/icons-material/LockOutlined';

import { ACCESS_AREA_NAMES, type AccessArea } from '@common/team';

import { EmptyState } from './empty-state';

interface NoAccessStateProps {
  area: AccessArea;
  /** The level the user lacks: `view` (they have none in the area) or `edit` (they may only look). */
  level?: 'view' | 'edit';
  /** The account owner's name or email, when known, so the user knows whom to ask. */
  ownerName?: string;
}

export function NoAccessState({ area, level = 'view', ownerName }: NoAccessStateProps) {
  const owner = `the account owner${ownerName ? ` (${ownerName})` : ''}`;
  const isEdit = level === 'edit';
  return (
    <EmptyState
      icon={LockOutlined}
      title={`You don't have access to ${isEdit ? 'change ' : ''}${ACCESS_AREA_NAMES[area]}`}
      description={isEdit ? `Ask ${owner} for edit access.` : `Ask ${owner} to give you access.`}
    />
  );
}
