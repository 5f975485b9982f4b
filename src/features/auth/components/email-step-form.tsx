import { TextInputField } from '@/components/form/text-input-field';

import { AuthForm } from './auth-form';
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
export function EmailStepForm({ onSubmit, initialEmail, label, isBusy }: EmailStepFormProps) {
  return (
    <AuthForm<EmailStepValues>
      onSubmit={onSubmit}
      validate={validateEmailStep}
      initialValues={initialEmail ? { email: initialEmail } : undefined}
      label={label}
      submitLabel="Continue"
      isBusy={isBusy}
    >
      <TextInputField name="email" label="Email" type="email" autoComplete="email" />
    </AuthForm>
  );
}
