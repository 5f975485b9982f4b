// Creating an API key: a name first, then the key itself, shown this once with a copy button.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { CopyButton } from '@/components/copy-button';
import { FormDialog } from '@/components/form/form-dialog';
import { TextInputField } from '@/components/form/text-input-field';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { MONOSPACE } from '@/theme/primitives';

import { useCreateApiKeyMutation, type CreatedApiKey } from '../api/integrations-api';

import { validateApiKey } from './integration-form-schemas';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
}

function NewKey({ created }: { created: CreatedApiKey }) {
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Copy this key now. It will not be shown again: QR Verify keeps only a fingerprint of it.
        Store it where your system reads its secrets, never in code others can see.
      </Alert>
      {/* Named as a group: a <code> element may not carry a name of its own (ARIA 1.2). */}
      <Box
        role="group"
        aria-label={`API key ${created.name}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.50',
        }}
      >
        <Box
          component="code"
          sx={{ flex: 1, minWidth: 0, fontFamily: MONOSPACE, fontSize: 14, wordBreak: 'break-all' }}
        >
          {created.key}
        </Box>
        <CopyButton value={created.key} label="Copy the API key" size="medium" />
      </Box>
      <DialogContentText>
        Send it as <code>Authorization: Bearer &lt;key&gt;</code>. Anyone who has it acts as this
        account until the key is revoked.
      </DialogContentText>
    </Stack>
  );
}

export function CreateApiKeyDialog({ open, onClose }: CreateApiKeyDialogProps) {
  const [createKey] = useCreateApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  async function onSubmit(values: { name: string }) {
    const result = await createKey({ name: values.name.trim() });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => path === 'name',
        sessionEnded: 'Your session has ended. Sign in again to create a key.',
        failure: 'The key could not be created.',
      });
    }
    setCreated(result.data);
    return undefined;
  }

  if (created) {
    return (
      // Only Done closes it: a stray click beside the dialog must not lose a key that is never shown again.
      <Dialog open={open} fullWidth maxWidth="sm" aria-labelledby="new-api-key-title">
        <DialogTitle id="new-api-key-title">Your new API key: {created.name}</DialogTitle>
        <DialogContent>
          <NewKey created={created} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog<{ name: string }>
      open={open}
      onClose={onClose}
      title="Create an API key"
      submitLabel="Create key"
      onSubmit={onSubmit}
      validate={validateApiKey}
      initialValues={{ name: '' }}
    >
      <TextInputField
        name="name"
        label="Name"
        autoComplete="off"
        autoFocus
        required
        helperText="Which system uses it, e.g. ‘Student records sync’."
      />
    </FormDialog>
  );
}
