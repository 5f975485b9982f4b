// The templates API's own refusals, worded once.
import { AppError } from '../../lib/app-error';

export function templateNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Template not found.' });
}

export function templateFieldError(field: string, message: string): AppError {
  return new AppError({
    statusCode: 400,
    code: 'validation_failed',
    message,
    details: { [field]: [message] },
  });
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a template (and must not reach a uuid column). */
export function isTemplateId(value: string): boolean {
  return UUID.test(value);
}
