// The verification form: document, details, custom fields and QR placement, with a live preview.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { Form, useForm, useFormState } from 'react-final-form';

import { FormSection } from '@/components/form/form-section';
import { QrPlacementFields } from '@/components/form/qr-placement-fields';
import { SubmitBar } from '@/components/form/submit-bar';
import { SwitchField } from '@/components/form/switch-field';
import { TemplateField } from '@/components/form/template-field';
import { TextInputField } from '@/components/form/text-input-field';
import { useGetTemplateChoicesQuery } from '@/lib/api/template-choices-api';
import { isSealedTemplate, useSealedQrSize } from '@/lib/sealed-qr';

import { currentQrSpot, type PageSizeMm } from '../qr-preview';
import { usePreviewFile } from '../use-preview-file';

import { CustomFieldsInput } from './custom-fields-input';
import { DocumentField } from './document-field';
import { DocumentPreview } from './document-preview';
import { validateVerificationForm, type VerificationFormValues } from './verification-form-schema';

import type { QrPlacement } from '../api/verifications-api';
import type { SubmissionErrors } from 'final-form';

interface VerificationFormProps {
  initialValues: VerificationFormValues;
  onSubmit: (values: VerificationFormValues) => Promise<SubmissionErrors | void>;
  submitLabel: string;
}

export function VerificationForm({ initialValues, onSubmit, submitLabel }: VerificationFormProps) {
  const { data: templateChoices } = useGetTemplateChoicesQuery();
  const validate = useCallback(
    (values: VerificationFormValues) =>
      validateVerificationForm(values, {
        isSealed: isSealedTemplate(templateChoices, values.template_id),
      }),
    [templateChoices],
  );
  return (
    <Form<VerificationFormValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Create verification">
          <VerificationFormBody isBusy={Boolean(submitting)} submitLabel={submitLabel} />
        </Box>
      )}
    />
  );
}

interface BodyProps {
  isBusy: boolean;
  submitLabel: string;
}

function VerificationFormBody({ isBusy, submitLabel }: BodyProps) {
  const form = useForm<VerificationFormValues>();
  const { values } = useFormState<VerificationFormValues>({ subscription: { values: true } });
  const [pageSize, setPageSize] = useState<PageSizeMm | null>(null);
  const previewFile = usePreviewFile(values.file);
  const { data: templateChoices } = useGetTemplateChoicesQuery();
  const isSealed = isSealedTemplate(templateChoices, values.template_id);
  useSealedQrSize(isSealed);

  const moveQr = useCallback(
    (position: { x: number; y: number }) => {
      const qr = form.getState().values.qr;
      form.change('qr', { ...qr, position: 'custom', ...position } satisfies QrPlacement);
    },
    [form],
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Stack spacing={3}>
          <FormSection title="Document" description="The file to secure with a QR code.">
            <DocumentField disabled={isBusy} />
          </FormSection>
          <FormSection title="Details" description="Shown to anyone who scans the code.">
            <Stack spacing={2.5}>
              <TextInputField name="title" label="Title" required disabled={isBusy} />
              <TextInputField
                name="holder_name"
                label="Holder name"
                required
                disabled={isBusy}
                helperText="The person or organisation the document belongs to."
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <TextInputField
                  name="issue_date"
                  label="Issue date"
                  type="date"
                  required
                  disabled={isBusy}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextInputField
                  name="expiry_date"
                  label="Expiry date"
                  type="date"
                  disabled={isBusy}
                  helperText="Optional. Leave empty if it never expires."
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <TemplateField disabled={isBusy} />
              <SwitchField
                name="allow_download"
                label="Allow download from the verification page"
                helperText="People who scan the code can download the secured document to compare it."
                disabled={isBusy}
              />
            </Stack>
          </FormSection>
          <FormSection title="Custom fields">
            <CustomFieldsInput disabled={isBusy} />
          </FormSection>
          <FormSection title="QR code" description="Where the code is stamped, and how big.">
            <QrPlacementFields
              customSpotOf={(qr) => currentQrSpot(qr, pageSize)}
              isSealed={isSealed}
              disabled={isBusy}
            />
          </FormSection>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 104 } }}>
          <FormSection
            title="Preview"
            description={
              values.qr.position === 'custom'
                ? 'Drag the QR code to where it should sit.'
                : 'The dashed square shows where the QR code will sit.'
            }
          >
            <DocumentPreview
              file={previewFile}
              qr={values.qr}
              onMoveQr={moveQr}
              onPageSize={setPageSize}
              disabled={isBusy}
            />
          </FormSection>
        </Box>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <SubmitBar
          submitLabel={submitLabel}
          incompleteHint="Choose a document and fill in the required fields to continue."
          busyStatus={{ label: 'Securing the document…', progressLabel: 'Securing progress' }}
        />
      </Grid>
    </Grid>
  );
}
