// Turns a failed save into what the form shows: the server's field errors (error.details, dotted
// paths such as 'fields.holder_name.label') beside their fields, anything else in the form's alert.
import { FORM_ERROR, setIn, type SubmissionErrors } from 'final-form';

import { describeApiError, findServerMessage } from '@/lib/api/api-error-notification';
import { TEMPLATE_FIELDS } from '@common/templates';

import { LOGO_MESSAGES } from './template-form-schema';

import type { FormWideError } from './template-form';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const FIELDS_WITH_INPUTS = new Set([
  'name',
  'logo',
  'primary_color',
  'background_color',
  'text_color',
  'heading',
  'intro',
  'contact_text',
  'contact_url',
  'footer_text',
  ...TEMPLATE_FIELDS.filter((field) => field !== 'custom_fields').map(
    (field) => `fields.${field}.label`,
  ),
]);

function detailsOf(body: unknown): Record<string, unknown> {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  return typeof details === 'object' && details !== null
    ? (details as Record<string, unknown>)
    : {};
}

function asMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(asMessages) : [];
}

export function templateSubmissionErrors(
  error: FetchBaseQueryError,
  failure: string,
): SubmissionErrors {
  const status = typeof error.status === 'number' ? error.status : null;
  let errors: SubmissionErrors = {};
  const more: string[] = [];
  for (const [path, value] of Object.entries(detailsOf(error.data))) {
    const messages = asMessages(value);
    if (FIELDS_WITH_INPUTS.has(path)) errors = setIn(errors, path, messages);
    else more.push(...messages.map((message) => `${path}: ${message}`));
  }
  let message: string;
  if (status === 413) {
    message = LOGO_MESSAGES.size;
    errors = setIn(errors, 'logo', [message]);
  } else if (status === 401) {
    message = 'Your session has ended. Sign in again to save the template.';
  } else {
    message =
      (status !== null && status < 500 ? findServerMessage(error.data) : undefined) ??
      describeApiError(error)?.detail ??
      failure;
  }
  errors[FORM_ERROR] = { message, more } satisfies FormWideError;
  return errors;
}
