// Uploading the organisation's own signing certificate: the .p12/.pfx file and its password. The server opens and
// checks it; a file that cannot sign comes back with its reason, shown above the fields.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useField } from 'react-final-form';

import { FormDialog } from '@/components/form/form-dialog';
import { PasswordInputField } from '@/components/form/password-input-field';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { notify } from '@/lib/notify';
import { ISSUER_CERTIFICATE_MAX_BYTES } from '@common/document-signing-schemas';

import { useUploadSigningCertificateMutation } from '../api/document-signing-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface CertificateValues {
  file: File | null;
  password: string;
}

function validate(values: CertificateValues) {
  if (!values.file) return { file: 'Choose the .p12 or .pfx file.' };
  if (values.file.size > ISSUER_CERTIFICATE_MAX_BYTES) {
    return { file: 'This file is too large for a certificate (64 KB at most).' };
  }
  return undefined;
}

/** A button that opens the file chooser, and the chosen file's name. */
function CertificateFileField({ disabled }: { disabled: boolean }) {
  const { input, meta } = useField<File | null>('file');
  const errorId = useId();
  const error = meta.touched || meta.submitFailed ? meta.error : undefined;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          component="label"
          disabled={disabled}
          aria-describedby={error ? errorId : undefined}
        >
          Choose certificate file
          <input
            hidden
            type="file"
            accept=".p12,.pfx,application/x-pkcs12"
            onChange={(event) => {
              input.onChange(event.target.files?.[0] ?? null);
              input.onBlur();
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {input.value ? input.value.name : 'No file chosen'}
        </Typography>
      </Box>
      <FormHelperText id={errorId} error={Boolean(error)}>
        {error ?? 'A .p12 or .pfx file holding the private key and its certificate.'}
      </FormHelperText>
    </Box>
  );
}

export function UploadCertificateDialog({ onClose }: { onClose: () => void }) {
  const [upload] = useUploadSigningCertificateMutation();

  async function onSubmit({ file, password }: CertificateValues) {
    const result = await upload({ file: file!, password });
    if (result.error) {
      return submissionErrors(result.error as FetchBaseQueryError, {
        hasInput: (path) => path === 'file' || path === 'password',
        sessionEnded: 'Your session has ended. Sign in again to upload the certificate.',
        failure: 'The certificate could not be uploaded.',
      });
    }
    notify({
      severity: 'success',
      summary: 'Certificate uploaded',
      detail: `PDFs you secure from now on are signed by ${result.data.signer_name}.`,
    });
    onClose();
    return undefined;
  }

  return (
    <FormDialog<CertificateValues>
      open
      onClose={onClose}
      title="Upload your signing certificate"
      submitLabel="Upload certificate"
      onSubmit={onSubmit}
      validate={validate}
      initialValues={{ file: null, password: '' }}
    >
      {({ submitting }) => (
        <>
          <Typography variant="body2" color="text.secondary">
            Use a document-signing certificate from a certificate authority that PDF readers trust.
            We check it before keeping it, and keep the file and its password encrypted.
          </Typography>
          <CertificateFileField disabled={submitting} />
          <PasswordInputField
            name="password"
            label="File password"
            autoComplete="off"
            disabled={submitting}
          />
        </>
      )}
    </FormDialog>
  );
}
