import GroupOutlined from '@mui/icons-material/GroupOutlined';

import { EmptyState } from '@/components/empty-state';

export function TeamUsersScreen() {
  return (
    <EmptyState
      icon={GroupOutlined}
      title="No users invited yet"
      description="Invite colleagues to work under your account and choose what each of them may access."
    />
  );
}
