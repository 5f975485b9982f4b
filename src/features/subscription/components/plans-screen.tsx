import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';

import { EmptyState } from '@/components/empty-state';

export function PlansScreen() {
  return (
    <EmptyState
      icon={WorkspacePremiumOutlined}
      title="Choose a plan"
      description="Compare plans and pick the one that fits the number of documents you secure."
    />
  );
}
