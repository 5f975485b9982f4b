// The frame every auth form shares: a labelled final-form with its fields stacked above one full-width submit
// button that is busy while submitting and disabled while the form is invalid. The auth screens keep this frame
// rather than the SubmitBar of long forms: one full-width action, and their errors shown beside the fields.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import type { SubmissionErrors, ValidationErrors } from 'final-form';
import type { ReactNode } from 'react';

interface AuthFormProps<Values> {
  onSubmit: (values: Values) => Promise<SubmissionErrors | void>;
  validate: (values: Values) => ValidationErrors;
  initialValues?: Partial<Values>;
  /** Names the form for assistive technology. */
  label: string;
  submitLabel: string;
  /** Keeps the button busy after a successful submit, e.g. while the browser leaves for SSO. */
  isBusy?: boolean;
  children: ReactNode;
}

export function AuthForm<Values extends object>({
  onSubmit,
  validate,
  initialValues,
  label,
  submitLabel,
  isBusy = false,
  children,
}: AuthFormProps<Values>) {
  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true, hasValidationErrors: true }}
      render={({ handleSubmit, submitting, hasValidationErrors }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label={label}>
          <Stack spacing={2.5}>
            {children}
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={submitting || isBusy}
              disabled={hasValidationErrors}
            >
              {submitLabel}
            </Button>
          </Stack>
        </Box>
      )}
    />
  );
}
