// The verifications API's own refusals, worded once.
import { AppError } from '../../lib/app-error';

export function verificationNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Verification not found.' });
}

export function fieldError(field: string, message: string, code = 'validation_failed'): AppError {
  return new AppError({ statusCode: 400, code, message, details: { [field]: [message] } });
}
