// Asks before leaving a form with unsaved changes: a dialog for navigation inside the app (React
// Router's blocker) and the browser's own prompt for closing or reloading the tab.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

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

  const isOpen = blocker.state === 'blocked';
  return (
    <Dialog
      open={isOpen}
      onClose={() => blocker.reset?.()}
      fullWidth
      maxWidth="xs"
      aria-labelledby="unsaved-changes-title"
      aria-describedby="unsaved-changes-description"
    >
      <DialogTitle id="unsaved-changes-title" sx={{ fontSize: '1.125rem', pb: 1 }}>
        Leave without saving?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-description">{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          Keep editing
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error">
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
