// The templates API's body as the server reads it: the shared fields (common/templates-schemas.ts) plus the logo,
// sent as JSON or as a form with the JSON in a `data` part and the logo as a `logo` file part.
import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import { newTemplateSchema, templateChangesSchema } from '@common/templates-schemas';

import { AppError } from '../../../lib/app-error';
import { UploadedFile } from '../../../lib/upload-temp-files';
import { detectLogoType } from '../../../services/templates/detect-logo-type';

import type { TemplateLogoUpload } from '../../../services/templates/template-changes';
import type { FastifyRequest } from 'fastify';

export const LOGO_TYPE_MESSAGE = 'Choose a PNG, JPEG or SVG image for the logo.';

/**
 * A logo file (its bytes, read by templateFormToJson; its type from its content), null to remove the logo, or
 * nothing to keep it. A JSON body cannot carry bytes, so only a form's file part passes.
 */
const logoField = z
  .unknown()
  .transform((value, context): TemplateLogoUpload | null => {
    if (value === null) return null;
    if (!Buffer.isBuffer(value)) {
      context.addIssue({
        code: 'custom',
        message: 'Attach the logo as a file, or send null to remove it.',
      });
      return z.NEVER;
    }
    if (value.length === 0) {
      context.addIssue({ code: 'custom', message: 'This file is empty. Choose another image.' });
      return z.NEVER;
    }
    const contentType = detectLogoType(value);
    if (!contentType) {
      context.addIssue({ code: 'custom', message: LOGO_TYPE_MESSAGE });
      return z.NEVER;
    }
    return { data: value, content_type: contentType };
  })
  .optional();

/** POST: the shared fields, and the logo a form may carry. */
export const createTemplateBody = newTemplateSchema.extend({ logo: logoField });

/** PATCH: any of the keys, the logo included; an empty change is allowed. */
export const updateTemplateBody = z.preprocess(
  (body) => body ?? {},
  templateChangesSchema.extend({ logo: logoField }),
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
 * turns it into the body a JSON request would have, so one schema validates both. Runs before validation, which
 * cannot wait for the disk: the logo (at most TEMPLATE_LIMITS.logo_size) is read into memory here, as its type
 * and hash need all of it anyway.
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
  if (logo === undefined) {
    request.body = body;
    return;
  }
  const logoBytes = logo instanceof UploadedFile ? await readFile(logo.path) : logo;
  request.body = { ...(body as Record<string, unknown>), logo: logoBytes };
}
