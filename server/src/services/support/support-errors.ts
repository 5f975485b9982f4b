// The support form's refusals the request's schema cannot make: what the attachment holds.
import { SUPPORT_ATTACHMENT_KINDS } from '@common/support-schemas';

import { AppError } from '../../lib/app-error';

function attachmentError(code: 'unsupported_file_type' | 'empty_file', message: string): AppError {
  return new AppError({ statusCode: 400, code, message, details: { attachment: [message] } });
}

export const supportErrors = {
  unsupportedAttachment: () =>
    attachmentError(
      'unsupported_file_type',
      `This file type cannot be attached. Attach ${SUPPORT_ATTACHMENT_KINDS}.`,
    ),
  emptyAttachment: () => attachmentError('empty_file', 'The attachment is empty.'),
};
