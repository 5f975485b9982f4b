// The form's preview of where the QR code sits, in fractions of the page from its top-left corner. The rule itself
// is the server's stamp rule (common/qr-geometry.ts), so the preview shows what the secured document will hold.
import { placeQrCode, POINTS_PER_MM } from '@common/qr-geometry';
import type { QrPlacement } from '@common/verifications';

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

/** A4 portrait, for placing the code before any document is chosen. */
const A4_PAGE: PageSizeMm = { widthMm: 210, heightMm: 297 };

/** Where the code stands on the previewed page (A4 before one is chosen): the spot Custom starts from. */
export function currentQrSpot(qr: QrPlacement, pageSize: PageSizeMm | null) {
  const box = qrBox(qr, pageSize ?? A4_PAGE);
  return { x: roundFraction(box.x), y: roundFraction(box.y) };
}
