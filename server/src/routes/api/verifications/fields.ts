// Zod schemas for the verifications API's fields, as forms (multipart text) and JSON send them. Structured
// fields (custom_fields, qr) report every problem under their own name, which is where the SPA's form shows it.
import { z } from 'zod';

import { qrPlacementSchema } from '../../../services/verifications/qr-placement';

import type { UploadedFile } from '../../../plugins/multipart';

export const TEXT_MAX_LENGTH = 200;
export const REASON_MAX_LENGTH = 500;
export const CUSTOM_FIELDS_MAX = 20;
const CUSTOM_KEY_MAX_LENGTH = 100;
const CUSTOM_VALUE_MAX_LENGTH = 1000;
const TEMPLATE_ID_MAX_LENGTH = 100;

// Postgres text cannot hold NUL, and one-line values need no control characters at all.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/u;

const required = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'This field is required.' : 'Must be text.';

function text(
  maxLength: number,
  { multiline = false, blankMessage = 'This field may not be blank.' } = {},
) {
  const forbidden = multiline ? CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS;
  return z
    .string({ error: required })
    .trim()
    .min(1, blankMessage)
    .max(maxLength, `Must be at most ${maxLength} characters.`)
    .refine((value) => !forbidden.test(value), 'Must not contain control characters.');
}

export const titleField = text(TEXT_MAX_LENGTH);
export const holderNameField = text(TEXT_MAX_LENGTH);
export const reasonField = text(REASON_MAX_LENGTH, { multiline: true });

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A calendar date as YYYY-MM-DD. */
export const dateField = z
  .string({ error: required })
  .trim()
  .refine(isCalendarDate, 'Enter a date as YYYY-MM-DD.');

const customFieldSchema = z.object(
  {
    key: text(CUSTOM_KEY_MAX_LENGTH, { blankMessage: 'A name is required.' }),
    value: text(CUSTOM_VALUE_MAX_LENGTH, {
      multiline: true,
      blankMessage: 'A value is required.',
    }),
  },
  { error: 'Must be an object with a key and a value.' },
);

const customFieldsSchema = z
  .array(customFieldSchema, { error: 'Must be a list of {key, value} objects.' })
  .max(CUSTOM_FIELDS_MAX, `At most ${CUSTOM_FIELDS_MAX} custom fields.`);

function customFieldLabel(path: PropertyKey[]): string {
  if (typeof path[0] !== 'number') return '';
  const property = path[1] === 'key' ? ' name' : path[1] === 'value' ? ' value' : '';
  return `Custom field ${path[0] + 1}${property}: `;
}

/**
 * A structured value, sent as JSON text in a form or as JSON itself, whose problems are all reported on the
 * field itself (the global validator would name nested paths such as custom_fields.0.key).
 */
function structuredField<T extends z.ZodType>(
  schema: T,
  options: { fromJsonText: boolean; label?: (path: PropertyKey[]) => string },
) {
  return z.unknown().transform((input, context): z.output<T> => {
    let value = input;
    if (options.fromJsonText) {
      if (typeof input !== 'string') {
        context.addIssue({ code: 'custom', message: 'Must be JSON text.' });
        return z.NEVER;
      }
      try {
        value = JSON.parse(input);
      } catch {
        context.addIssue({ code: 'custom', message: 'Must be valid JSON.' });
        return z.NEVER;
      }
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({
        code: 'custom',
        message: `${options.label?.(issue.path) ?? ''}${issue.message}`,
      });
    }
    return z.NEVER;
  });
}

export const customFieldsFromForm = structuredField(customFieldsSchema, {
  fromJsonText: true,
  label: customFieldLabel,
});
export const customFieldsFromJson = structuredField(customFieldsSchema, {
  fromJsonText: false,
  label: customFieldLabel,
});
export const qrFromForm = structuredField(qrPlacementSchema, { fromJsonText: true });

export const templateIdField = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(TEMPLATE_ID_MAX_LENGTH, `Must be at most ${TEMPLATE_ID_MAX_LENGTH} characters.`);

export const uploadedFileField = z.custom<UploadedFile>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as Partial<UploadedFile>).data),
  {
    error: (issue) =>
      issue.input === undefined ? 'This field is required.' : 'Attach the document as a file.',
  },
);

/** A form's yes/no field, sent as text. */
export const formBoolean = z
  .enum(['true', 'false'], { error: "Must be 'true' or 'false'." })
  .transform((value) => value === 'true');

/** An optional form field: an empty value counts as not given. */
export function optionalFormField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}
