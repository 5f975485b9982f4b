// The verification form: document, details, custom fields and QR placement, with a live preview.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';

import { useAppDispatch, useAppStore } from '@/app/hooks';
import { FilePicker } from '@/components/file-picker';
import { TextInputField } from '@/components/form/text-input-field';
import { findServerMessage } from '@/lib/api/api-error-notification';
import { prepareApiHeaders } from '@/lib/api/base-query-with-reauth';
import { COMPANION_PATH, UPLOADS_PATH, type StagedUpload } from '@common/uploads';

import {
  deleteStagedUpload,
  fetchStagedUpload,
  useGetUploadSourcesQuery,
} from '../api/uploads-api';
import { useGetTemplateChoicesQuery, verificationsApi } from '../api/verifications-api';
import {
  DOCUMENT_HINT,
  DOCUMENT_MESSAGES,
  DOCUMENT_PICKER_TYPES,
  documentFileProblem,
  MAX_DOCUMENT_BYTES,
  pickedDocumentProblem,
  type PickedDocument,
} from '../document-file';

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
  submitLabel: string;
}

export function VerificationForm({ initialValues, onSubmit, submitLabel }: VerificationFormProps) {
  return (
    <Form<VerificationFormValues>
      onSubmit={onSubmit}
      validate={validateVerificationForm}
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

/** The Authorization (and CSRF) headers the API calls carry, for the picker's own requests. */
function useApiHeaders(): () => Record<string, string> {
  const store = useAppStore();
  return useCallback(
    () => Object.fromEntries(prepareApiHeaders(new Headers(), { getState: store.getState })),
    [store],
  );
}

/**
 * The picked document's bytes for the preview: the browser's own copy of a local file at once, a linked
 * one's from the server once Companion has delivered it.
 */
function usePreviewFile(picked: PickedDocument | null): File | null {
  const getHeaders = useApiHeaders();
  const local = picked?.data && !documentFileProblem(picked.data) ? picked.data : null;
  const upload = !local && picked?.status === 'done' ? picked.answer : null;
  const [fetched, setFetched] = useState<{ id: string; file: File | null } | null>(null);
  useEffect(() => {
    if (!upload) return undefined;
    let isCurrent = true;
    void fetchStagedUpload(upload, getHeaders()).then(
      (file) => isCurrent && setFetched({ id: upload.id, file }),
    );
    return () => {
      isCurrent = false;
    };
  }, [upload, getHeaders]);
  if (local) return local;
  return upload && fetched?.id === upload.id ? fetched.file : null;
}

function VerificationFormBody({ isBusy, submitLabel }: BodyProps) {
  const form = useForm<VerificationFormValues>();
  const { values } = useFormState<VerificationFormValues>({ subscription: { values: true } });
  const [pageSize, setPageSize] = useState<PageSizeMm | null>(null);
  const previewFile = usePreviewFile(values.file);

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
        <SubmitBar submitLabel={submitLabel} />
      </Grid>
    </Grid>
  );
}

function DocumentField({ disabled }: { disabled: boolean }) {
  const { input, meta } = useField<PickedDocument | null>('file', {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const dispatch = useAppDispatch();
  const getHeaders = useApiHeaders();
  const { data: sources } = useGetUploadSourcesQuery();
  const kept = useRef<string | null>(null);
  const submitError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  // While a file uploads the picker shows its progress; only a finished problem is worth a line of text.
  const ownError =
    input.value && input.value.status === 'uploading' ? null : pickedDocumentProblem(input.value);
  const error = (meta.touched && ownError) || submitError;
  const origin = window.location.origin;

  return (
    <FilePicker<StagedUpload>
      label="Document file"
      hint={DOCUMENT_HINT}
      allowedTypes={DOCUMENT_PICKER_TYPES}
      maxBytes={MAX_DOCUMENT_BYTES}
      endpoint={`${origin}${UPLOADS_PATH}`}
      companionUrl={`${origin}${COMPANION_PATH}`}
      getHeaders={getHeaders}
      cloudSources={sources?.cloud}
      describeRestriction={documentFileProblem}
      describeError={(status, body) =>
        status === 413 ? DOCUMENT_MESSAGES.size : (findServerMessage(body) ?? null)
      }
      onChange={(picked) => {
        // A document taken out of the picker (or replaced) is not needed on the server any more.
        const previous = kept.current;
        kept.current = picked?.answer?.id ?? null;
        if (previous && previous !== kept.current) deleteStagedUpload(previous, getHeaders());
        input.onChange(picked);
        input.onBlur();
      }}
      onUnauthorized={() => {
        // Any call through the base query now meets the same 401 and runs the one refresh flow.
        void dispatch(
          verificationsApi.endpoints.getVerificationStats.initiate(undefined, {
            forceRefetch: true,
            subscribe: false,
          }),
        );
      }}
      error={Array.isArray(error) ? error[0] : error || undefined}
      disabled={disabled}
    />
  );
}

/** The landing-page template, with the account's default chosen until the user picks another. */
function TemplateField({ disabled }: { disabled: boolean }) {
  const { input, meta } = useField<string>('template_id', {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const { data: choices, isLoading, isError } = useGetTemplateChoicesQuery();
  const { onChange, value } = input;
  const defaultId = choices?.find((choice) => choice.is_default)?.id;
  useEffect(() => {
    if (!value && defaultId) onChange(defaultId);
  }, [value, defaultId, onChange]);
  const submitError = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  const chosen = choices?.find((choice) => choice.id === value);
  const helperText =
    (Array.isArray(submitError) ? submitError[0] : submitError) ??
    (isError
      ? 'Templates could not be loaded; the default template will be used.'
      : chosen && !chosen.allow_download
        ? 'The public page of this template never offers the download.'
        : 'How the public verification page looks. Manage templates under Templates.');

  return (
    <TextField
      select
      fullWidth
      label="Landing-page template"
      name={input.name}
      value={choices?.some((choice) => choice.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || isLoading || isError || !choices?.length}
      error={Boolean(submitError)}
      helperText={helperText}
    >
      {(choices ?? []).map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.is_default ? `${choice.name} (default)` : choice.name}
        </MenuItem>
      ))}
    </TextField>
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

function SubmitBar({ submitLabel }: { submitLabel: string }) {
  const { submitting, hasValidationErrors, submitError, dirtySinceLastSubmit } = useFormState({
    subscription: {
      submitting: true,
      hasValidationErrors: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const formError = dirtySinceLastSubmit ? undefined : (submitError as FormWideError | undefined);

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
      {submitting && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            Securing the document…
          </Typography>
          <LinearProgress aria-label="Securing progress" />
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
        {hasValidationErrors && !submitting && (
          <Typography variant="body2" color="text.secondary">
            Choose a document and fill in the required fields to continue.
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
