// Turns a failed save into what the form shows: the server's field errors (error.details, dotted
// paths such as 'fields.holder_name.label') beside their fields, anything else in the form's alert.
import { submissionErrors } from '@/lib/forms/submission-errors';
import { TEMPLATE_FIELDS } from '@common/templates';

import { LOGO_MESSAGES } from './template-form-schema';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SubmissionErrors } from 'final-form';

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

export function templateSubmissionErrors(
  error: FetchBaseQueryError,
  failure: string,
): SubmissionErrors {
  return submissionErrors(error, {
    hasInput: (path) => FIELDS_WITH_INPUTS.has(path),
    sessionEnded: 'Your session has ended. Sign in again to save the template.',
    failure,
    fieldProblem: (status) =>
      status === 413 ? { path: 'logo', message: LOGO_MESSAGES.size } : null,
  });
}
