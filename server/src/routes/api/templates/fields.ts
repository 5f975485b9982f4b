// Zod schemas for the templates API's body, sent as JSON or as a form with the JSON in a `data` part and the logo
// as a `logo` file part. Nested problems are reported under dotted paths (fields.holder_name.label), which is
// where the SPA's form shows them.
import { z } from 'zod';

import {
  isContactUrl,
  isHexColor,
  TEMPLATE_FIELDS,
  TEMPLATE_LIMITS,
  type TemplateField,
} from '@common/templates';

import { AppError } from '../../../lib/app-error';
import { detectLogoType } from '../../../services/templates/detect-logo-type';

import type { UploadedFile } from '../../../plugins/multipart';
import type { TemplateLogoUpload } from '../../../services/templates/template-input';
import type { FastifyRequest } from 'fastify';

// Postgres text cannot hold NUL, and one-line values need no control characters at all.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/u;

function text(maxLength: number, { multiline = false, required = false } = {}) {
  const forbidden = multiline ? CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS;
  const base = z
    .string({
      error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Must be text.'),
    })
    .trim();
  return (required ? base.min(1, 'This field may not be blank.') : base)
    .max(maxLength, `Must be at most ${maxLength} characters.`)
    .refine((value) => !forbidden.test(value), 'Must not contain control characters.');
}

const colorField = z
  .string({ error: 'Must be text.' })
  .trim()
  .refine(isHexColor, 'Enter a colour as # and six hex digits, e.g. #173f8a.');

const contactUrlField = text(TEMPLATE_LIMITS.contact_url).refine(
  (value) => value === '' || isContactUrl(value),
  'Enter a link starting with https://, http:// or mailto:',
);

const fieldSetting = z.object(
  {
    visible: z.boolean({ error: 'Must be true or false.' }).optional(),
    label: text(TEMPLATE_LIMITS.label).optional(),
  },
  { error: 'Must be an object with visible and label.' },
);

const fieldsField = z.object(
  Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, fieldSetting.optional()])) as Record<
    TemplateField,
    z.ZodOptional<typeof fieldSetting>
  >,
  { error: `Must be an object with ${TEMPLATE_FIELDS.join(', ')}.` },
);

function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as Partial<UploadedFile>).data)
  );
}

export const LOGO_TYPE_MESSAGE = 'Choose a PNG, JPEG or SVG image for the logo.';

/** A logo file (its type read from its content), null to remove the logo, or nothing to keep it. */
const logoField = z
  .unknown()
  .transform((value, context): TemplateLogoUpload | null => {
    if (value === null) return null;
    if (!isUploadedFile(value)) {
      context.addIssue({
        code: 'custom',
        message: 'Attach the logo as a file, or send null to remove it.',
      });
      return z.NEVER;
    }
    if (value.data.length === 0) {
      context.addIssue({ code: 'custom', message: 'This file is empty. Choose another image.' });
      return z.NEVER;
    }
    const contentType = detectLogoType(value.data);
    if (!contentType) {
      context.addIssue({ code: 'custom', message: LOGO_TYPE_MESSAGE });
      return z.NEVER;
    }
    return { data: value.data, content_type: contentType };
  })
  .optional();

const templateFields = {
  name: text(TEMPLATE_LIMITS.name, { required: true }),
  primary_color: colorField,
  background_color: colorField,
  text_color: colorField,
  heading: text(TEMPLATE_LIMITS.heading),
  intro: text(TEMPLATE_LIMITS.intro, { multiline: true }),
  fields: fieldsField,
  allow_download: z.boolean({ error: 'Must be true or false.' }),
  contact_text: text(TEMPLATE_LIMITS.contact_text),
  contact_url: contactUrlField,
  footer_text: text(TEMPLATE_LIMITS.footer_text, { multiline: true }),
};

const objectBody = { error: 'Send the template as a JSON object.' };

/** POST: a name; everything else defaults from the default design. */
export const createTemplateBody = z.object(
  {
    ...z.object(templateFields).partial().shape,
    name: templateFields.name,
    logo: logoField,
  },
  objectBody,
);

/** PATCH: any of the keys; an empty change is allowed. */
export const updateTemplateBody = z.preprocess(
  (body) => body ?? {},
  z.object({ ...z.object(templateFields).partial().shape, logo: logoField }, objectBody),
);

function formError(message: string): AppError {
  return new AppError({
    statusCode: 400,
    code: 'validation_failed',
    message: `Invalid body: data: ${message}`,
    details: { data: [message] },
  });
}

/**
 * A form (multipart) carries the template as JSON text in its `data` part and the logo as a file in `logo`: this
 * turns it into the body a JSON request would have, so one schema validates both. Runs before validation.
 */
export async function templateFormToJson(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const { data, logo } = (request.body ?? {}) as { data?: unknown; logo?: unknown };
  let body: unknown = {};
  if (data !== undefined && data !== '') {
    if (typeof data !== 'string') throw formError('Send the template as one JSON text part.');
    try {
      body = JSON.parse(data);
    } catch {
      throw formError('Must be valid JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw formError('Must be a JSON object.');
    }
  }
  request.body = logo === undefined ? body : { ...(body as Record<string, unknown>), logo };
}
