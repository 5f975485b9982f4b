// 'Create New Verification': upload a document, describe it, place the QR code; then the result.
import { useState } from 'react';

import { findServerMessage } from '@/lib/api/api-error-notification';
import { useGetSettingsQuery } from '@/lib/api/settings-api';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { DEFAULT_QR_PLACEMENT } from '@common/verifications';

import { useCreateVerificationMutation } from '../api/verifications-api';
import {
  DOCUMENT_MESSAGES,
  documentTooLargeMessage,
  isDocumentTooManyBytes,
} from '../document-file';
import { todayIsoDate } from '../format';

import { VerificationForm } from './verification-form';
import { VerificationResult } from './verification-result';

import type { Verification } from '../api/verifications-api';
import type { VerificationFormValues } from './verification-form-schema';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SubmissionErrors } from 'final-form';

function blankValues(): VerificationFormValues {
  return {
    file: null,
    title: '',
    holder_name: '',
    issue_date: todayIsoDate(),
    expiry_date: '',
    custom_fields: [],
    allow_download: false,
    template_id: '',
    qr: { ...DEFAULT_QR_PLACEMENT },
  };
}

/** Server field names the form shows next to an input; others are listed in the alert. */
const FIELDS_WITH_INPUTS = [
  'file',
  'title',
  'holder_name',
  'issue_date',
  'expiry_date',
  'template_id',
];

const FIELD_NAMES: Record<string, string> = {
  custom_fields: 'Custom fields',
  qr: 'QR code',
  allow_download: 'Allow download',
  template_id: 'Template',
};

/** Turns a failed create call into field errors plus the alert's sentence. */
function submissionErrorsFrom(
  error: FetchBaseQueryError,
  maxBytes: number | undefined,
): SubmissionErrors {
  return submissionErrors(error, {
    hasInput: (field) => FIELDS_WITH_INPUTS.includes(field),
    labelOf: (field) => FIELD_NAMES[field] ?? field,
    sessionEnded: 'Your session has ended. Sign in again to create the verification.',
    failure: 'The verification could not be created. Please try again.',
    fieldProblem: (status, body) => {
      if (isDocumentTooManyBytes(status, body)) {
        return { path: 'file', message: documentTooLargeMessage(maxBytes) };
      }
      if (status === 415) {
        return { path: 'file', message: findServerMessage(body) ?? DOCUMENT_MESSAGES.type };
      }
      return null;
    },
  });
}

export function CreateVerificationScreen() {
  const [createVerification] = useCreateVerificationMutation();
  const maxBytes = useGetSettingsQuery().data?.upload_max_bytes;
  const [created, setCreated] = useState<Verification | null>(null);
  const [initialValues, setInitialValues] = useState(blankValues);

  const submit = async (values: VerificationFormValues) => {
    const result = await createVerification({
      upload_id: values.file!.answer!.id,
      title: values.title.trim(),
      holder_name: values.holder_name.trim(),
      issue_date: values.issue_date,
      expiry_date: values.expiry_date || undefined,
      custom_fields: values.custom_fields.map(({ key, value }) => ({
        key: key.trim(),
        value: value.trim(),
      })),
      qr: values.qr,
      allow_download: values.allow_download,
      template_id: values.template_id || undefined,
    });
    if (result.data) {
      setCreated(result.data);
      return undefined;
    }
    return submissionErrorsFrom(result.error as FetchBaseQueryError, maxBytes);
  };

  if (created) {
    return (
      <VerificationResult
        verification={created}
        onCreateAnother={() => {
          setInitialValues(blankValues());
          setCreated(null);
        }}
      />
    );
  }

  return <VerificationForm initialValues={initialValues} onSubmit={submit} submitLabel="Create" />;
}
