// Step 1: the domain to serve verification pages from. Saving it (PUT) gives the records to add; the server's
// refusals (an apex, our own host, a domain another account verified) show under the field.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';

import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormSection } from '@/components/form/form-section';
import { TextInputField } from '@/components/form/text-input-field';
import { submissionErrors } from '@/lib/forms/submission-errors';

import { useSetCustomDomainMutation } from '../api/custom-domain-api';

import { DOMAIN_EXAMPLE, normaliseDomain, validateDomain } from './domain-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface DomainFormProps {
  /** The domain being changed, if any; then Cancel goes back to its records. */
  current?: string | null;
  onCancel?: () => void;
  onSaved?: () => void;
}

export function DomainForm({ current, onCancel, onSaved }: DomainFormProps) {
  const [setDomain] = useSetCustomDomainMutation();

  async function onSubmit({ domain }: { domain: string }) {
    const result = await setDomain({ domain: normaliseDomain(domain) });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => path === 'domain',
        sessionEnded: 'Your session has ended. Sign in again to set up your domain.',
        failure: 'The domain could not be saved.',
      });
    }
    onSaved?.();
    return undefined;
  }

  return (
    <FormSection
      title={current ? 'Change your domain' : 'Your domain'}
      description={`Use a sub-domain of your organisation's domain, such as ${DOMAIN_EXAMPLE}: your QR codes will then open pages on it. A new domain needs its DNS records added again.`}
    >
      <Form<{ domain: string }>
        onSubmit={onSubmit}
        validate={validateDomain}
        initialValues={{ domain: current ?? '' }}
        render={({ handleSubmit, submitting, hasValidationErrors }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Custom domain">
            <Stack spacing={2}>
              <FormErrorAlert />
              <TextInputField
                name="domain"
                label="Domain"
                placeholder={DOMAIN_EXAMPLE}
                autoComplete="off"
                spellCheck={false}
                required
                helperText="A sub-domain you control, not your whole domain: the host name only, without https://."
                slotProps={{
                  htmlInput: { autoCapitalize: 'off', autoCorrect: 'off', inputMode: 'url' },
                }}
              />
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                <Button
                  type="submit"
                  variant="contained"
                  loading={submitting}
                  disabled={hasValidationErrors}
                >
                  {current ? 'Save domain' : 'Continue'}
                </Button>
                {onCancel && (
                  <Button color="inherit" onClick={onCancel} disabled={submitting}>
                    Cancel
                  </Button>
                )}
              </Stack>
            </Stack>
          </form>
        )}
      />
    </FormSection>
  );
}
