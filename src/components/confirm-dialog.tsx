// A small dialog that asks before something happens: a title, a sentence on what will happen, an
// optional error from the last attempt, optional extra inputs and the buttons that decide.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  /** Prefix of the title's and description's ids, which label and describe the dialog. */
  id: string;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Why the last attempt failed, shown above the description. */
  error?: string | null;
  /** While busy, Escape and a click beside the dialog do not close it. */
  isBusy?: boolean;
  /** The buttons, e.g. DestructiveActions. */
  actions: ReactNode;
  /** Anything the decision needs besides the description, such as an input. */
  children?: ReactNode;
}

export function ConfirmDialog({
  id,
  open,
  onClose,
  title,
  description,
  error,
  isBusy = false,
  actions,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
    >
      <DialogTitle id={`${id}-title`} sx={{ fontSize: '1.125rem', pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={`${id}-description`}>{description}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>{actions}</DialogActions>
    </Dialog>
  );
}

interface DestructiveActionsProps {
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isBusy: boolean;
}

/** 'Cancel' and a red confirm button that shows progress while the change runs. */
export function DestructiveActions({
  confirmLabel,
  onConfirm,
  onCancel,
  isBusy,
}: DestructiveActionsProps) {
  return (
    <>
      <Button onClick={onCancel} color="inherit" disabled={isBusy}>
        Cancel
      </Button>
      <Button variant="contained" color="error" onClick={onConfirm} loading={isBusy}>
        {confirmLabel}
      </Button>
    </>
  );
}
