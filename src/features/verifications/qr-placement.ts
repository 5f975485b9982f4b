// Where the QR code sits on a page, in fractions of the page from its top-left corner. The server
// stamps the code by the same rules, so the preview shows what the secured document will hold.
import type { QrCorner, QrPlacement } from './api/verifications-api';

export const QR_SIZE_MIN_MM = 20;
export const QR_SIZE_MAX_MM = 60;
export const QR_SIZE_DEFAULT_MM = 30;
/** Distance of a corner-placed code from both page edges. */
export const QR_CORNER_MARGIN_MM = 10;

/** PDF user space units (1/72 inch) to millimetres. */
export const MM_PER_POINT = 25.4 / 72;

export interface PageSizeMm {
  widthMm: number;
  heightMm: number;
}

/** The code's box on the page: top-left corner and size, all as fractions of the page. */
export interface QrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

export function pageSizeFromPoints(widthPt: number, heightPt: number): PageSizeMm {
  return { widthMm: widthPt * MM_PER_POINT, heightMm: heightPt * MM_PER_POINT };
}

/** The size of the code on this page as fractions of its width and height (never above 1). */
export function qrFractions(sizeMm: number, page: PageSizeMm): { width: number; height: number } {
  return {
    width: Math.min(sizeMm / page.widthMm, 1),
    height: Math.min(sizeMm / page.heightMm, 1),
  };
}

/** Keeps a custom position inside the page for a code of the given size. */
export function clampQrPosition(
  x: number,
  y: number,
  size: { width: number; height: number },
): { x: number; y: number } {
  return { x: clamp(x, 0, 1 - size.width), y: clamp(y, 0, 1 - size.height) };
}

function cornerPosition(
  corner: QrCorner,
  size: { width: number; height: number },
  page: PageSizeMm,
) {
  const marginX = Math.min(QR_CORNER_MARGIN_MM / page.widthMm, (1 - size.width) / 2);
  const marginY = Math.min(QR_CORNER_MARGIN_MM / page.heightMm, (1 - size.height) / 2);
  const isLeft = corner.endsWith('left');
  const isTop = corner.startsWith('top');
  return {
    x: isLeft ? marginX : 1 - size.width - marginX,
    y: isTop ? marginY : 1 - size.height - marginY,
  };
}

export function qrBox(qr: QrPlacement, page: PageSizeMm): QrBox {
  const size = qrFractions(qr.size_mm, page);
  const position =
    qr.position === 'custom'
      ? clampQrPosition(qr.x ?? 0, qr.y ?? 0, size)
      : cornerPosition(qr.position, size, page);
  return { ...position, ...size };
}

/** Which page of `pageCount` carries the code the preview shows. */
export function previewPageNumber(pages: QrPlacement['pages'], pageCount: number): number {
  return pages === 'last' ? Math.max(pageCount, 1) : 1;
}
