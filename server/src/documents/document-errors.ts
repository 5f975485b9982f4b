// The refusals of a document that cannot be checked or secured, worded once; each names the `file` field (the QR
// size: `qr`) so the form can show it.
import type { ApiErrorCode } from '@common/api-error';

import { AppError } from '../lib/app-error';
import { formatBytes } from '../lib/format-bytes';

function fileError(
  statusCode: number,
  code: ApiErrorCode,
  message: string,
  cause?: unknown,
): AppError {
  return new AppError({ statusCode, code, message, details: { file: [message] }, cause });
}

/** A document that cannot be checked or secured. */
export const documentErrors = {
  unsupportedType: () =>
    fileError(415, 'unsupported_file_type', 'Only PDF, PNG and JPEG files can be secured'),
  empty: () => fileError(400, 'empty_file', 'The file is empty'),
  tooLarge: (limit: number) =>
    fileError(413, 'file_too_large', `The file is larger than the ${formatBytes(limit)} limit`),
  invalidPdf: (cause?: unknown) =>
    fileError(400, 'invalid_pdf', 'The file is not a valid PDF', cause),
  encryptedPdf: () =>
    fileError(400, 'encrypted_pdf', 'The PDF is password-protected; upload an unprotected copy'),
  invalidImage: (type: 'PNG' | 'JPEG', cause?: unknown) =>
    fileError(400, 'invalid_image', `The file is not a valid ${type} image`, cause),
  imageTooLarge: (maxPixels: number) =>
    fileError(
      413,
      'image_too_large',
      `The image has more than ${maxPixels / 1_000_000} million pixels; upload a smaller image`,
    ),
  pdfTooComplex: (reason: string) =>
    fileError(
      413,
      'pdf_too_complex',
      `The PDF is too complex to secure (${reason}); upload a smaller or simpler document`,
    ),
  tooSlowToSecure: (seconds: number) =>
    fileError(
      422,
      'securing_timed_out',
      `The document took too long to secure (the limit is ${seconds} s); upload a smaller or simpler document`,
    ),
  pageTooSmall: (sizeMm: number) =>
    new AppError({
      statusCode: 400,
      code: 'page_too_small',
      message: `The page is too small for a ${sizeMm} mm QR code; choose a smaller size`,
      details: { qr: [`The page is too small for a ${sizeMm} mm QR code; choose a smaller size`] },
    }),
};
