// The error state of a screen whose data could not be loaded: what failed, and a way to try again.
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Button from '@mui/material/Button';

import { EmptyState } from './empty-state';

interface LoadErrorStateProps {
  /** What could not be loaded, e.g. 'Templates could not be loaded'. */
  title: string;
  onRetry: () => void;
}

export function LoadErrorState({ title, onRetry }: LoadErrorStateProps) {
  return (
    <EmptyState
      icon={CloudOffOutlined}
      tone="error"
      title={title}
      description="Check your connection and try again."
      action={
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
