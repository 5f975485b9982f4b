import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';

import { EmptyState } from '@/components/empty-state';

export function AccountScreen() {
  return (
    <EmptyState
      icon={AccountCircleOutlined}
      title="Your account"
      description="Your profile details and password will be managed here."
    />
  );
}
