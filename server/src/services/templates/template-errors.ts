// The templates API's own refusals, worded once.
import { AppError } from '../../lib/app-error';

export function templateNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Template not found.' });
}

export function templateIsDefault(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'template_is_default',
    message: 'This is the default template. Make another template the default before deleting it.',
  });
}

export function templateInUse(count: number): AppError {
  return new AppError({
    statusCode: 409,
    code: 'template_in_use',
    message: `This template is used by ${count} ${count === 1 ? 'verification' : 'verifications'}. Choose a template to move them to.`,
  });
}

/** Field paths of a design's rows that are shown without a label, answered as the body's validation failure. */
export function unlabelledRows(details: Record<string, string[]>): AppError {
  const paths = Object.keys(details);
  return new AppError({
    statusCode: 400,
    code: 'validation_failed',
    message: `Invalid body: ${paths.map((path) => `${path}: ${details[path][0]}`).join('; ')}`,
    details,
  });
}
