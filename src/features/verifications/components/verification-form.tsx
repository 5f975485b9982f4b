// The verification form: document, details, custom fields and QR placement, with a live preview.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';

import { FileDropZone } from '@/components/file-drop-zone';
import { TextInputField } from '@/components/form/text-input-field';

import { DOCUMENT_ACCEPT, DOCUMENT_HINT, documentFileProblem } from '../document-file';
import { formatFileSize } from '../format';

import { CustomFieldsInput } from './custom-fields-input';
import { DocumentPreview } from './document-preview';
import { FormSection } from './form-section';
import { QrPlacementFields } from './qr-placement-fields';
import { validateVerificationForm, type VerificationFormValues } from './verification-form-schema';

import type { QrPlacement } from '../api/verifications-api';
import type { PageSizeMm } from '../qr-placement';
import type { SubmissionErrors } from 'final-form';

/** The form-wide error: the server's sentence plus any problems no field can show. */
export interface FormWideError {
  message: string;
  more?: string[];
}

interface VerificationFormProps {
  initialValues: VerificationFormValues;
  onSubmit: (values: VerificationFormValues) => Promise<SubmissionErrors | void>;
  /** 0..1 while the document uploads; null when no upload runs. */
  uploadProgress: number | null;
  onCancelUpload: () => void;
  submitLabel: string;
}

export function VerificationForm({
  initialValues,
  onSubmit,
  uploadProgress,
  onCancelUpload,
  submitLabel,
}: VerificationFormProps) {
  return (
    <Form<VerificationFormValues>
      onSubmit={onSubmit}
      validate={validateVerificationForm}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Create verification">
          <VerificationFormBody
            isBusy={Boolean(submitting)}
            uploadProgress={uploadProgress}
            onCancelUpload={onCancelUpload}
            submitLabel={submitLabel}
          />
        </Box>
      )}
    />
  );
}

interface BodyProps {
  isBusy: boolean;
  uploadProgress: number | null;
  onCancelUpload: () => void;
  submitLabel: string;
}

function VerificationFormBody({ isBusy, uploadProgress, onCancelUpload, submitLabel }: BodyProps) {
  const form = useForm<VerificationFormValues>();
  const { values } = useFormState<VerificationFormValues>({ subscription: { values: true } });
  const [pageSize, setPageSize] = useState<PageSizeMm | null>(null);
  const previewFile = documentFileProblem(values.file) ? null : values.file;

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
              <AllowDownloadField disabled={isBusy} />
            </Stack>
          </FormSection>
          <FormSection title="Custom fields">
            <CustomFieldsInput disabled={isBusy} />
          </FormSection>
          <FormSection title="QR code" description="Where the code is stamped, and how big.">
            <QrPlacementFields pageSize={pageSize} disabled={isBusy} />
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
          uploadProgress={uploadProgress}
          onCancelUpload={onCancelUpload}
          submitLabel={submitLabel}
        />
      </Grid>
    </Grid>
  );
}

function DocumentField({ disabled }: { disabled: boolean }) {
  const { input, meta } = useField<File | null>('file', {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const submitError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  const error = (meta.touched && meta.error) || submitError;
  return (
    <FileDropZone
      label="Document file"
      file={input.value || null}
      onFileChange={(file) => {
        input.onChange(file);
        input.onBlur();
      }}
      accept={DOCUMENT_ACCEPT}
      hint={DOCUMENT_HINT}
      error={Array.isArray(error) ? error[0] : error || undefined}
      disabled={disabled}
      describeFile={(file) => formatFileSize(file.size)}
    />
  );
}

function AllowDownloadField({ disabled }: { disabled: boolean }) {
  const { input } = useField<boolean>('allow_download', { type: 'checkbox' });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={input.name}
            checked={Boolean(input.checked)}
            onChange={input.onChange}
            disabled={disabled}
          />
        }
        label="Allow download from the verification page"
      />
      <FormHelperText sx={{ mt: 0 }}>
        People who scan the code can download the secured document to compare it.
      </FormHelperText>
    </Box>
  );
}

interface SubmitBarProps {
  uploadProgress: number | null;
  onCancelUpload: () => void;
  submitLabel: string;
}

function SubmitBar({ uploadProgress, onCancelUpload, submitLabel }: SubmitBarProps) {
  const { submitting, hasValidationErrors, submitError, dirtySinceLastSubmit } = useFormState({
    subscription: {
      submitting: true,
      hasValidationErrors: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const formError = dirtySinceLastSubmit ? undefined : (submitError as FormWideError | undefined);
  const isUploading = uploadProgress !== null;
  const percent = Math.round((uploadProgress ?? 0) * 100);
  const isProcessing = isUploading && percent >= 100;

  return (
    <Stack spacing={2}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError.message}
          {formError.more && formError.more.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {formError.more.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {isUploading && (
        <Box role="status" aria-live="polite">
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {isProcessing ? 'Securing the document…' : `Uploading… ${percent}%`}
            </Typography>
            {!isProcessing && (
              <Typography variant="body2" color="text.secondary">
                {percent}%
              </Typography>
            )}
          </Stack>
          <LinearProgress
            variant={isProcessing ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label="Upload progress"
          />
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
        {isUploading && !isProcessing && (
          <Button onClick={onCancelUpload} color="inherit">
            Cancel upload
          </Button>
        )}
        {hasValidationErrors && !submitting && (
          <Typography variant="body2" color="text.secondary">
            Choose a document and fill in the required fields to continue.
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
