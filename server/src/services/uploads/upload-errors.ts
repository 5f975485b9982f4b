// The staged uploads' own refusals, worded once.
import { AppError } from '../../lib/app-error';

const NOT_FOUND_MESSAGE =
  'The uploaded file was not found or has expired; choose the document again';

/** Named on the `file` field, where the form shows the document's problems. */
export function uploadNotFound(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'upload_not_found',
    message: NOT_FOUND_MESSAGE,
    details: { file: [NOT_FOUND_MESSAGE] },
  });
}
