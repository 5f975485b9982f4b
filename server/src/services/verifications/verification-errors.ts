// The verifications API's own refusals, worded once (a document's own: documents/document-errors.ts).
import { AppError } from '../../lib/app-error';

export function verificationNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Verification not found.' });
}

export function alreadyRevoked(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'already_revoked',
    message: 'This verification is already revoked.',
  });
}
