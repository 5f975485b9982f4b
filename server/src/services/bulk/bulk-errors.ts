// The bulk operations API's own refusals, worded once.
import type { BulkStatus } from '@common/bulk';

import { AppError } from '../../lib/app-error';

export function bulkOperationNotFound(): AppError {
  return new AppError({ statusCode: 404, code: 'not_found', message: 'Bulk operation not found.' });
}

export function notReady(status: BulkStatus, action: 'start' | 'cancel' | 'result'): AppError {
  const messages = {
    start: `Only an operation that is ready can be started; this one is ${status}.`,
    cancel: `Only an operation that is ready or running can be cancelled; this one is ${status}.`,
    result: `There is nothing to download until the operation has run; this one is ${status}.`,
  };
  return new AppError({
    statusCode: 409,
    code: 'bulk_operation_not_ready',
    message: messages[action],
  });
}
