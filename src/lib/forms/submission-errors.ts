// What a form shows when the server refuses it: error.details messages beside the inputs that have them
// (dotted paths such as 'fields.holder_name.label' included), the rest listed in the form-wide alert under the
// server's sentence. Only messages are shown: details that are data (a plan limit's key and numbers) never are.
// Every form reads a failed submit through submissionErrors.
import { FORM_ERROR, setIn, type SubmissionErrors } from 'final-form';

import { errorCodeOf, failureDetail } from '@/lib/api/api-error-notification';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** The form-wide error: the server's sentence plus any problems no field can show. */
export interface FormWideError {
  message: string;
  more?: string[];
}

/** The field messages of an error body; none for a plan limit, whose details are numbers for API clients. */
function detailsOf(body: unknown): Record<string, unknown> {
  if (errorCodeOf(body) === 'plan_limit') return {};
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  return typeof details === 'object' && details !== null
    ? (details as Record<string, unknown>)
    : {};
}

/** Field messages are sentences, alone or in lists (nested by path); a number or a flag is data, not a message. */
function asMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return value && typeof value === 'object' ? Object.values(value).flatMap(asMessages) : [];
}

export interface ServerFieldErrors {
  /** Messages by field path, for final-form's submission errors. */
  errors: Record<string, unknown>;
  /** '{label}: {message}' for every detail without an input. */
  more: string[];
}

export function serverFieldErrors(
  body: unknown,
  hasInput: (path: string) => boolean,
  labelOf: (path: string) => string = (path) => path,
): ServerFieldErrors {
  let errors: Record<string, unknown> = {};
  const more: string[] = [];
  for (const [path, value] of Object.entries(detailsOf(body))) {
    const messages = asMessages(value);
    if (hasInput(path)) errors = setIn(errors, path, messages) as Record<string, unknown>;
    else more.push(...messages.map((message) => `${labelOf(path)}: ${message}`));
  }
  return { errors, more };
}

export interface SubmissionWording {
  /** Whether the form has an input for a server field path. */
  hasInput: (path: string) => boolean;
  /** The name a field without an input goes by in the alert's list. */
  labelOf?: (path: string) => string;
  /** The alert's sentence for a 401: the session has ended. */
  sessionEnded: string;
  /** The alert's sentence when neither the server nor the network says more. */
  failure: string;
  /** A refusal one field explains by its status (a file too large, say): the field and its message. */
  fieldProblem?: (status: number, body: unknown) => { path: string; message: string } | null;
}

/** A failed submit as final-form's submission errors: field messages plus the FORM_ERROR alert. */
export function submissionErrors(
  error: FetchBaseQueryError,
  wording: SubmissionWording,
): SubmissionErrors {
  const status = typeof error.status === 'number' ? error.status : null;
  const fromServer = serverFieldErrors(error.data, wording.hasInput, wording.labelOf);
  let { errors } = fromServer;
  const problem = status === null ? null : (wording.fieldProblem?.(status, error.data) ?? null);
  let message: string;
  if (problem) {
    message = problem.message;
    errors = setIn(errors, problem.path, [message]) as Record<string, unknown>;
  } else if (status === 401) {
    message = wording.sessionEnded;
  } else {
    message = failureDetail(error, wording.failure);
  }
  errors[FORM_ERROR] = { message, more: fromServer.more } satisfies FormWideError;
  return errors;
}
