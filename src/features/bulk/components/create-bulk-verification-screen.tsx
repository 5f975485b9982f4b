import DynamicFeedOutlined from '@mui/icons-material/DynamicFeedOutlined';

import { EmptyState } from '@/components/empty-state';

export function CreateBulkVerificationScreen() {
  return (
    <EmptyState
      icon={DynamicFeedOutlined}
      title="Secure documents in bulk"
      description="Upload a batch of documents here to create their QR verifications together."
    />
  );
}
