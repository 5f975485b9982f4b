// Deleting a template. The default one cannot go (every account always has one); one that
// verifications use needs another template for their pages first.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { findServerMessage, httpStatusOf } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useDeleteTemplateMutation, type Template } from '../api/templates-api';
import { verificationCount } from '../format';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface DeleteTemplateDialogProps {
  template: Template;
  /** Every template of the account; the others are the possible replacements. */
  templates: Template[];
  open: boolean;
  onClose: () => void;
}

export function DeleteTemplateDialog({
  template,
  templates,
  open,
  onClose,
}: DeleteTemplateDialogProps) {
  const [deleteTemplate, { isLoading }] = useDeleteTemplateMutation();
  const [replacementId, setReplacementId] = useState('');
  const [isReplacementMissing, setIsReplacementMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The server may know of verifications the list had not counted yet (409): ask for a replacement.
  const [isInUseOnServer, setIsInUseOnServer] = useState(false);
  const isInUse = template.verification_count > 0 || isInUseOnServer;
  const others = templates.filter((candidate) => candidate.id !== template.id);
  const usage =
    template.verification_count > 0
      ? verificationCount(template.verification_count)
      : 'verifications';

  if (template.is_default) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="xs"
        aria-labelledby="delete-template-title"
        aria-describedby="delete-template-description"
      >
        <DialogTitle id="delete-template-title" sx={{ fontSize: '1.125rem', pb: 1 }}>
          The default template cannot be deleted
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-template-description">
            New verifications use “{template.name}” unless another template is chosen, so your
            account always needs it. To delete it, first make another template the default.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const confirm = async () => {
    setProblem(null);
    if (isInUse && !replacementId) {
      setIsReplacementMissing(true);
      return;
    }
    try {
      await deleteTemplate({
        id: template.id,
        replacementId: isInUse ? replacementId : undefined,
      }).unwrap();
    } catch (error) {
      const failure = error as FetchBaseQueryError;
      if (httpStatusOf(failure) === 409) setIsInUseOnServer(true);
      const details = (failure.data as { error?: { details?: Record<string, string[]> } } | null)
        ?.error?.details;
      setProblem(
        details?.replacement_id?.[0] ??
          (failure.status === 'FETCH_ERROR'
            ? 'Could not connect to server. Check connection and try again.'
            : findServerMessage(failure.data)) ??
          'The template could not be deleted. Please try again.',
      );
      return;
    }
    const replacement = others.find((candidate) => candidate.id === replacementId);
    notify({
      severity: 'success',
      summary: 'Template deleted',
      detail: replacement
        ? `“${template.name}” is gone; its verifications now use “${replacement.name}”.`
        : `“${template.name}” is gone.`,
      lifetime: 5000,
    });
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="delete-template-title"
      aria-describedby="delete-template-description"
    >
      <DialogTitle id="delete-template-title" sx={{ fontSize: '1.125rem', pb: 1 }}>
        Delete this template?
      </DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <DialogContentText id="delete-template-description">
          {isInUse
            ? `“${template.name}” is used by ${usage}. Choose the template their pages will use instead. This cannot be undone.`
            : `“${template.name}” will be deleted. No verification uses it. This cannot be undone.`}
        </DialogContentText>
        {isInUse && (
          <TextField
            select
            fullWidth
            required
            label="Move its verifications to"
            value={replacementId}
            onChange={(event) => {
              setReplacementId(event.target.value);
              setIsReplacementMissing(false);
            }}
            error={isReplacementMissing}
            helperText={isReplacementMissing ? 'Choose a template for its verifications' : ' '}
            disabled={isLoading}
            sx={{ mt: 3 }}
          >
            {others.map((candidate) => (
              <MenuItem key={candidate.id} value={candidate.id}>
                {candidate.name}
                {candidate.is_default ? ' (default)' : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={isLoading}>
          {isInUse ? 'Move and delete' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
