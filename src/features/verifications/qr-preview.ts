// The form's preview of where the QR code sits, in fractions of the page from its top-left corner. The rule itself
// is the server's stamp rule (common/qr-geometry.ts), so the preview shows what the secured document will hold.
import { placeQrCode, POINTS_PER_MM } from '@common/qr-geometry';
import type { QrPlacement, QrPosition } from '@common/verifications';

export interface PageSizeMm {
  widthMm: number;
  heightMm: number;
}

/** The code's box on the page: top-left corner and size, all as fractions of the page (never above 1). */
export interface QrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const POSITION_LABELS: Record<QrPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  custom: 'Custom',
};

export function pageSizeFromPoints(widthPt: number, heightPt: number): PageSizeMm {
  return { widthMm: widthPt / POINTS_PER_MM, heightMm: heightPt / POINTS_PER_MM };
}

export function qrBox(qr: QrPlacement, page: PageSizeMm): QrBox {
  const square = placeQrCode({ width: page.widthMm, height: page.heightMm }, 1, qr);
  return {
    x: Math.max(square.left / page.widthMm, 0),
    y: Math.max(square.top / page.heightMm, 0),
    width: Math.min(square.size / page.widthMm, 1),
    height: Math.min(square.size / page.heightMm, 1),
  };
}

/** A fraction as the form keeps it: four decimals are well below a tenth of a millimetre. */
export function roundFraction(fraction: number): number {
  return Math.round(fraction * 10_000) / 10_000;
}

/** Which page of `pageCount` carries the code the preview shows. */
export function previewPageNumber(pages: QrPlacement['pages'], pageCount: number): number {
  return pages === 'last' ? Math.max(pageCount, 1) : 1;
}
