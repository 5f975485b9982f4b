// The error state of a screen whose data could not be loaded: what failed, why in words that are true for the
// failure (a refusal is never called a connection problem), and a way to try again where trying again can help.
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';

import { env } from '@/config/env';
import { describeLoadFailure } from '@/lib/api/api-error-notification';

import { EmptyState } from './empty-state';

interface LoadErrorStateProps {
  /** What could not be loaded, e.g. 'Templates could not be loaded'. */
  title: string;
  /** The failed call's error (RTK Query's `error`): it decides what the state says. */
  error: unknown;
  onRetry: () => void;
}

export function LoadErrorState({ title, error, onRetry }: LoadErrorStateProps) {
  const failure = describeLoadFailure(error);
  if (failure.kind === 'refused') {
    return (
      <EmptyState
        icon={LockOutlined}
        title={failure.message ?? "You don't have access to this"}
        description="Ask the account owner to give you access."
      />
    );
  }
  const retry = (
    <Button variant="contained" onClick={onRetry}>
      Retry
    </Button>
  );
  if (failure.kind === 'offline') {
    return (
      <EmptyState
        icon={CloudOffOutlined}
        tone="error"
        title={title}
        description="The server could not be reached. Check your connection and try again."
        action={retry}
      />
    );
  }
  return (
    <EmptyState
      icon={ErrorOutlineOutlined}
      tone="error"
      title={title}
      description={
        failure.message ??
        (failure.kind === 'server'
          ? `The server had a problem. Try again in a moment; if it goes on, write to ${env.SUPPORT_EMAIL}.`
          : 'The server refused the request.')
      }
      action={retry}
    />
  );
}
