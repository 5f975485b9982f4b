// Where and how large the QR code is stamped on a secured document: the `qr` object of the verifications API.
import { z } from 'zod';

import { QR_MIN_SIZE_MM, QR_PAGES, QR_POSITIONS, type QrPlacement } from '@common/verifications';

export const QR_MAX_SIZE_MM = 100;

export const DEFAULT_QR_PLACEMENT: QrPlacement = {
  pages: 'first',
  position: 'bottom-right',
  size_mm: 25,
};

function fraction(axis: 'x' | 'y') {
  const message = `${axis} must be a number from 0 to 1.`;
  return z.number({ error: message }).min(0, message).max(1, message);
}

export const qrPlacementSchema = z
  .object(
    {
      pages: z.enum(QR_PAGES, { error: `pages must be one of ${QR_PAGES.join(', ')}.` }),
      position: z.enum(QR_POSITIONS, {
        error: `position must be one of ${QR_POSITIONS.join(', ')}.`,
      }),
      x: fraction('x').optional(),
      y: fraction('y').optional(),
      size_mm: z
        .number({ error: 'size_mm must be a number of millimetres.' })
        .min(QR_MIN_SIZE_MM, `The QR code must be at least ${QR_MIN_SIZE_MM} mm.`)
        .max(QR_MAX_SIZE_MM, `The QR code must be at most ${QR_MAX_SIZE_MM} mm.`),
    },
    { error: 'The QR settings must be an object with pages, position and size_mm.' },
  )
  .superRefine((placement, context) => {
    if (placement.position !== 'custom') return;
    for (const axis of ['x', 'y'] as const) {
      if (placement[axis] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [axis],
          message: `${axis} is required for a custom position.`,
        });
      }
    }
  })
  // x and y mean nothing for a corner; dropping them keeps stored settings and answers unambiguous.
  .transform((placement): QrPlacement =>
    placement.position === 'custom'
      ? placement
      : { pages: placement.pages, position: placement.position, size_mm: placement.size_mm },
  );
