// The seal key refusals, worded once.
import { AppError, fieldError } from '../../lib/app-error';

export function sealKeyNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Seal key not found.' });
}

export function revocationInFuture(): AppError {
  return fieldError(
    'revoked_at',
    'A revocation time cannot be in the future. To stop using this key from now on, rotate it instead.',
  );
}
