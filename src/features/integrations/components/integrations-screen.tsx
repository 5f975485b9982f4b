import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';

import { EmptyState } from '@/components/empty-state';

export function IntegrationsScreen() {
  return (
    <EmptyState
      icon={ExtensionOutlined}
      title="No integrations connected"
      description="Connect QR Verify to the tools you already use, so documents can be secured where they are created."
    />
  );
}
