// The foot of a long form: the form-wide error, a progress line while it is sent, the submit button (busy while
// submitting, disabled while a field is wrong) with any other action beside it, and what is still missing.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormState } from 'react-final-form';

import { FormErrorAlert } from './form-error-alert';

import type { ReactNode } from 'react';

interface SubmitBarProps {
  submitLabel: string;
  /** Said beside the disabled button: what the form still needs. */
  incompleteHint: string;
  /** Said above a progress bar while the form is sent, when sending takes a while. */
  busyStatus?: { label: string; progressLabel: string };
  /** Other actions after the submit button, e.g. Cancel. */
  children?: ReactNode;
}

export function SubmitBar({ submitLabel, incompleteHint, busyStatus, children }: SubmitBarProps) {
  const { submitting, hasValidationErrors } = useFormState({
    subscription: { submitting: true, hasValidationErrors: true },
  });
  return (
    <Stack spacing={2}>
      <FormErrorAlert />
      {submitting && busyStatus && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {busyStatus.label}
          </Typography>
          <LinearProgress aria-label={busyStatus.progressLabel} />
        </Box>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={submitting}
          disabled={hasValidationErrors}
        >
          {submitLabel}
        </Button>
        {children}
        {hasValidationErrors && !submitting && (
          <Typography variant="body2" color="text.secondary">
            {incompleteHint}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
