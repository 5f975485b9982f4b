// Asks before leaving a form with unsaved changes: a dialog for navigation inside the app (React
// Router's blocker) and the browser's own prompt for closing or reloading the tab.
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

import { ConfirmDialog } from './confirm-dialog';

interface UnsavedChangesPromptProps {
  /** Whether there is anything to lose. */
  when: boolean;
  /** What would be lost, e.g. 'Your changes to this template will be lost.' */
  message: string;
}

export function UnsavedChangesPrompt({ when, message }: UnsavedChangesPromptProps) {
  // Only leaving the page counts; a change of query or hash on the same page loses nothing.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      id="unsaved-changes"
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      description={message}
      actions={
        <>
          <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
            Keep editing
          </Button>
          <Button onClick={() => blocker.proceed?.()} color="error">
            Leave
          </Button>
        </>
      }
    />
  );
}
