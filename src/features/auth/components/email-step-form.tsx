import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import { TextInputField } from '@/components/form/text-input-field';

import { validateEmailStep } from './email-step-schema';

export interface EmailStepValues {
  email: string;
}

interface EmailStepFormProps {
  onSubmit: (values: EmailStepValues) => Promise<void>;
  initialEmail?: string;
  /** Names the form for assistive technology. */
  label: string;
  /** Keeps the button busy after a successful submit, e.g. while the browser leaves for SSO. */
  isBusy?: boolean;
}

/** One email field and 'Continue': the first step of password reset and of SSO. */
export function EmailStepForm({
  onSubmit,
  initialEmail,
  label,
  isBusy = false,
}: EmailStepFormProps) {
  return (
    <Form<EmailStepValues>
      onSubmit={onSubmit}
      validate={validateEmailStep}
      initialValues={initialEmail ? { email: initialEmail } : undefined}
      subscription={{ submitting: true, hasValidationErrors: true }}
      render={({ handleSubmit, submitting, hasValidationErrors }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label={label}>
          <Stack spacing={2.5}>
            <TextInputField name="email" label="Email" type="email" autoComplete="email" />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={submitting || isBusy}
              disabled={hasValidationErrors}
            >
              Continue
            </Button>
          </Stack>
        </Box>
      )}
    />
  );
}
