// The answers to an upload that cannot be secured; each names the `file` field so the form can show it there.
import { AppError } from '../../lib/app-error';
import { formatBytes } from '../../lib/format-bytes';

function fileError(statusCode: number, code: string, message: string, cause?: unknown): AppError {
  return new AppError({ statusCode, code, message, details: { file: [message] }, cause });
}

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
  pageTooSmall: (sizeMm: number) =>
    new AppError({
      statusCode: 400,
      code: 'page_too_small',
      message: `The page is too small for a ${sizeMm} mm QR code; choose a smaller size`,
      details: { qr: [`The page is too small for a ${sizeMm} mm QR code; choose a smaller size`] },
    }),
};
