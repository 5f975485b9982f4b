import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';

import { EmptyState } from '@/components/empty-state';

export function CreateVerificationScreen() {
  return (
    <EmptyState
      icon={UploadFileOutlined}
      title="Secure a document"
      description="Upload a document here to attach a QR verification record that anyone can check by scanning it."
    />
  );
}
