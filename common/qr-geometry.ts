// Where the QR code itself sits on a page: one rule for the secured document's stamp (server, in PDF points) and
// the form's live preview (SPA, in millimetres or fractions), so the preview shows what the document will hold.
import type { QrPlacement } from './verifications';

/** PDF user space units (1/72 inch) per millimetre. */
export const POINTS_PER_MM = 72 / 25.4;
/** Distance of a corner-placed code from both page edges. */
export const QR_CORNER_MARGIN_MM = 10;

/** The QR code's square on a page, measured from the page's top-left corner, in the page's unit. */
export interface QrSquare {
  left: number;
  top: number;
  size: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Where the code goes on a page of `page.width` × `page.height` in any unit (`unitsPerMm` of them make a
 * millimetre: 1 for millimetres, POINTS_PER_MM for PDF points). A corner puts the code QR_CORNER_MARGIN_MM from
 * both edges, or centred on an axis the page is too small for; a custom x/y (fractions of the page from its
 * top-left) is the code's top-left corner, kept on the page. A code larger than the page is not refused here:
 * the caller decides what that means.
 */
export function placeQrCode(
  page: { width: number; height: number },
  unitsPerMm: number,
  placement: QrPlacement,
): QrSquare {
  const size = placement.size_mm * unitsPerMm;
  const spareX = page.width - size;
  const spareY = page.height - size;
  if (placement.position === 'custom') {
    return {
      left: clamp((placement.x ?? 0) * page.width, 0, spareX),
      top: clamp((placement.y ?? 0) * page.height, 0, spareY),
      size,
    };
  }
  const marginX = Math.min(QR_CORNER_MARGIN_MM * unitsPerMm, spareX / 2);
  const marginY = Math.min(QR_CORNER_MARGIN_MM * unitsPerMm, spareY / 2);
  return {
    left: placement.position.endsWith('left') ? marginX : spareX - marginX,
    top: placement.position.startsWith('top') ? marginY : spareY - marginY,
    size,
  };
}
