// 'Create New Verification': upload a document, describe it, place the QR code; then the result.
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useState } from 'react';

import { useAppDispatch } from '@/app/hooks';
import { describeApiError, findServerMessage } from '@/lib/api/api-error-notification';

import { createVerification } from '../api/upload-verification';
import { DOCUMENT_MESSAGES } from '../document-file';
import { todayIsoDate } from '../format';
import { QR_SIZE_DEFAULT_MM } from '../qr-placement';

import { VerificationForm, type FormWideError } from './verification-form';
import { VerificationResult } from './verification-result';

import type { Verification } from '../api/verifications-api';
import type { VerificationFormValues } from './verification-form-schema';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

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
    qr: { pages: 'first', position: 'bottom-right', size_mm: QR_SIZE_DEFAULT_MM },
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

function detailsOf(body: unknown): Record<string, unknown> {
  const envelope = (body as { error?: { details?: unknown } } | null)?.error;
  const details = envelope?.details;
  return typeof details === 'object' && details !== null
    ? (details as Record<string, unknown>)
    : {};
}

function asMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(asMessages) : [];
}

/** Turns a failed upload into field errors plus the alert's sentence. */
export function submissionErrorsFrom(error: FetchBaseQueryError): SubmissionErrors {
  const status = typeof error.status === 'number' ? error.status : null;
  const errors: Record<string, unknown> = {};
  const more: string[] = [];
  for (const [field, value] of Object.entries(detailsOf(error.data))) {
    const messages = asMessages(value);
    if (FIELDS_WITH_INPUTS.includes(field)) errors[field] = messages;
    else more.push(...messages.map((message) => `${FIELD_NAMES[field] ?? field}: ${message}`));
  }

  let message: string;
  if (status === 413) {
    message = DOCUMENT_MESSAGES.size;
    errors.file = [message];
  } else if (status === 415) {
    message = findServerMessage(error.data) ?? DOCUMENT_MESSAGES.type;
    errors.file = [message];
  } else if (status === 401) {
    message = 'Your session has ended. Sign in again to create the verification.';
  } else {
    message =
      (status !== null && status < 500 ? findServerMessage(error.data) : undefined) ??
      describeApiError(error)?.detail ??
      'The verification could not be created. Please try again.';
  }
  errors[FORM_ERROR] = { message, more } satisfies FormWideError;
  return errors;
}

export function CreateVerificationScreen() {
  const dispatch = useAppDispatch();
  const [created, setCreated] = useState<Verification | null>(null);
  const [initialValues, setInitialValues] = useState(blankValues);

  const submit = async (values: VerificationFormValues) => {
    const result = await dispatch(
      createVerification({
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
      }),
    );
    if ('data' in result) {
      setCreated(result.data);
      return undefined;
    }
    return submissionErrorsFrom(result.error);
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
