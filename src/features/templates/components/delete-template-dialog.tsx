// Deleting a template. The default one cannot go (every account always has one); one that
// verifications use needs another template for their pages first.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { apiErrorCode, failureMessage } from '@/lib/api/api-error-notification';
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
  // Our own changes keep the count current (they invalidate the template), but another tab or teammate may
  // have used the template since the list loaded: the server then answers 409 and a replacement is needed.
  const [isInUseOnServer, setIsInUseOnServer] = useState(false);
  const isInUse = template.verification_count > 0 || isInUseOnServer;
  const others = templates.filter((candidate) => candidate.id !== template.id);
  const usage =
    template.verification_count > 0
      ? verificationCount(template.verification_count)
      : 'verifications';

  if (template.is_default) {
    return (
      <ConfirmDialog
        id="delete-template"
        open={open}
        onClose={onClose}
        title="The default template cannot be deleted"
        description={`New verifications use “${template.name}” unless another template is chosen, so your account always needs it. To delete it, first make another template the default.`}
        actions={
          <Button onClick={onClose} variant="contained" autoFocus>
            OK
          </Button>
        }
      />
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
      if (apiErrorCode(failure) === 'template_in_use') setIsInUseOnServer(true);
      const details = (failure.data as { error?: { details?: Record<string, string[]> } } | null)
        ?.error?.details;
      setProblem(
        details?.replacement_id?.[0] ??
          failureMessage(failure, 'The template could not be deleted. Please try again.'),
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
    <ConfirmDialog
      id="delete-template"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      title="Delete this template?"
      error={problem}
      description={
        isInUse
          ? `“${template.name}” is used by ${usage}. Choose the template their pages will use instead. This cannot be undone.`
          : `“${template.name}” will be deleted. No verification uses it. This cannot be undone.`
      }
      actions={
        <DestructiveActions
          confirmLabel={isInUse ? 'Move and delete' : 'Delete'}
          onConfirm={confirm}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    >
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
    </ConfirmDialog>
  );
}
