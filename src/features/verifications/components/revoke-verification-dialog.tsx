// Revoking keeps the verification but makes its QR code answer 'Revoked', with the reason, and
// optionally points to the verification that replaces it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';

import { TextInputField } from '@/components/form/text-input-field';
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useRevokeVerificationMutation, type Verification } from '../api/verifications-api';

import { validateRevokeVerification } from './revoke-verification-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface RevokeValues {
  reason: string;
  replaced_by_code: string;
}

interface RevokeVerificationDialogProps {
  verification: Verification;
  open: boolean;
  onClose: () => void;
}

function revokeErrors(error: FetchBaseQueryError): SubmissionErrors {
  const envelope = (error.data as { error?: { details?: Record<string, string[]> } } | null)?.error;
  const details = envelope?.details ?? {};
  const errors: SubmissionErrors = {};
  if (details.reason) errors.reason = details.reason;
  if (details.replaced_by_code) errors.replaced_by_code = details.replaced_by_code;
  const hasFieldErrors = Boolean(errors.reason || errors.replaced_by_code);
  if (!hasFieldErrors) {
    errors[FORM_ERROR] = failureMessage(
      error,
      'The verification could not be revoked. Please try again.',
    );
  }
  return errors;
}

export function RevokeVerificationDialog({
  verification,
  open,
  onClose,
}: RevokeVerificationDialogProps) {
  const [revoke] = useRevokeVerificationMutation();

  const submit = async ({ reason, replaced_by_code }: RevokeValues) => {
    try {
      await revoke({
        id: verification.id,
        reason: reason.trim(),
        replaced_by_code: replaced_by_code?.trim() || undefined,
      }).unwrap();
    } catch (error) {
      return revokeErrors(error as FetchBaseQueryError);
    }
    notify({
      severity: 'success',
      summary: 'Verification revoked',
      detail: `Scanning the code of “${verification.title}” now shows it as revoked.`,
      lifetime: 5000,
    });
    onClose();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="revoke-title">
      <Form<RevokeValues>
        onSubmit={submit}
        validate={validateRevokeVerification}
        initialValues={{ reason: '', replaced_by_code: '' }}
        subscription={{ submitting: true, hasValidationErrors: true, submitError: true }}
        render={({ handleSubmit, submitting, hasValidationErrors, submitError }) => (
          <form noValidate onSubmit={handleSubmit} aria-label="Revoke verification">
            <DialogTitle id="revoke-title" sx={{ fontSize: '1.125rem', pb: 1 }}>
              Revoke this verification?
            </DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2.5 }}>
                Anyone who scans the QR code of “{verification.title}” will see that it was revoked,
                and why. This cannot be undone.
              </DialogContentText>
              <Stack spacing={2.5}>
                {submitError && <Alert severity="error">{String(submitError)}</Alert>}
                <TextInputField
                  name="reason"
                  label="Reason"
                  required
                  multiline
                  minRows={2}
                  autoFocus
                  helperText="Shown on the verification page."
                />
                <TextInputField
                  name="replaced_by_code"
                  label="Replacement code"
                  helperText="Optional. The code of the verification that replaces this one."
                />
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button onClick={onClose} color="inherit" disabled={submitting}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="contained"
                color="error"
                loading={submitting}
                disabled={hasValidationErrors}
              >
                Revoke
              </Button>
            </DialogActions>
          </form>
        )}
      />
    </Dialog>
  );
}
