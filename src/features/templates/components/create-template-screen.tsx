import WebOutlined from '@mui/icons-material/WebOutlined';

import { EmptyState } from '@/components/empty-state';

export function CreateTemplateScreen() {
  return (
    <EmptyState
      icon={WebOutlined}
      title="Design a landing page"
      description="Build the page people see when they scan a verification of your documents."
    />
  );
}
