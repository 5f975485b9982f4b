// Draws the verification stamp on one PDF page: the QR code on a white square with its quiet zone, and under it
// 'Scan to verify' and the public code. Positions are worked out on the page as a reader sees it, so a rotated
// page or one with a shifted crop box still gets the stamp in the chosen corner, upright.
import {
  concatTransformationMatrix,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

import { placeQrCode, POINTS_PER_MM } from '@common/qr-geometry';
import type { QrPlacement } from '@common/verifications';

import { QR_QUIET_ZONE_MODULES, type QrMatrix } from './create-qr-matrix';
import { documentErrors } from './document-errors';

const PRINT_SAFE_MARGIN_MM = 5;
const CAPTION = 'Scan to verify';
const CAPTION_COLOR = rgb(0.13, 0.16, 0.22);
const BORDER_COLOR = rgb(0.8, 0.82, 0.86);
const BORDER_WIDTH = 0.5;
// Caption size follows the code's size, within what stays legible in print and fits under the code.
const CAPTION_SIZE_RATIO = 0.085;
const CAPTION_MIN_SIZE = 5;
const CAPTION_MAX_SIZE = 10;
const LINE_HEIGHT = 1.25;
// Helvetica's capitals are 0.72 em tall; centring them makes each caption line look centred in its line box.
const CAP_HEIGHT = 0.72;

export interface StampFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface QrStamp {
  /** The code's modules: the URL PUBLIC_URL/v/{code}, with its seal when sealed (create-qr-matrix.ts). */
  matrix: QrMatrix;
  /** The public code printed under the QR code. */
  code: string;
  placement: QrPlacement;
}

/** A matrix [a b c d e f] as in the PDF `cm` operator. */
type Matrix = [number, number, number, number, number, number];

interface ViewedPage {
  width: number;
  height: number;
  /** Maps the viewed page (origin bottom-left, y up, in points) onto the page's own coordinates. */
  toPage: Matrix;
}

export interface StampBox {
  left: number;
  bottom: number;
  width: number;
  height: number;
}

function normalisedRotation(angle: number): 0 | 90 | 180 | 270 {
  return ((((Math.round(angle / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

// A page with /Rotate 90 is shown turned clockwise: what the reader sees as its bottom-left corner is the
// page's top-left. The matrices undo each turn, then shift by the crop box's origin.
function viewedPage(page: PDFPage): ViewedPage {
  const { x, y, width, height } = page.getCropBox();
  switch (normalisedRotation(page.getRotation().angle)) {
    case 90:
      return { width: height, height: width, toPage: [0, 1, -1, 0, x + width, y] };
    case 180:
      return { width, height, toPage: [-1, 0, 0, -1, x + width, y + height] };
    case 270:
      return { width: height, height: width, toPage: [0, -1, 1, 0, x, y + height] };
    default:
      return { width, height, toPage: [1, 0, 0, 1, x, y] };
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The parts of a stamp that placement needs, in points. */
export interface StampSize {
  /** Side of the QR code itself. */
  symbol: number;
  /** White margin around the code (4 modules). */
  quietZone: number;
  width: number;
  height: number;
}

/**
 * Where the stamp goes on a viewed page (points, origin bottom-left). The chosen corner or custom position
 * places the QR code itself by the rule the SPA's preview shares (placeQrCode). The stamp around it (quiet zone, caption) is then pulled in to
 * keep 5 mm clear of the edges where the page allows, because printers cannot print the outermost millimetres.
 */
function placeStamp(
  page: { width: number; height: number },
  stamp: StampSize,
  placement: QrPlacement,
): StampBox {
  if (stamp.width > page.width || stamp.height > page.height) {
    throw documentErrors.pageTooSmall(placement.size_mm);
  }
  const code = placeQrCode(page, POINTS_PER_MM, placement);
  const safeX = Math.min(PRINT_SAFE_MARGIN_MM * POINTS_PER_MM, (page.width - stamp.width) / 2);
  const safeY = Math.min(PRINT_SAFE_MARGIN_MM * POINTS_PER_MM, (page.height - stamp.height) / 2);
  const left = clamp(code.left - stamp.quietZone, safeX, page.width - stamp.width - safeX);
  const top = clamp(code.top - stamp.quietZone, safeY, page.height - stamp.height - safeY);
  return {
    left,
    bottom: page.height - top - stamp.height,
    width: stamp.width,
    height: stamp.height,
  };
}

interface StampLayout extends StampSize {
  moduleSize: number;
  captionSize: number;
}

function layOutStamp(
  sizeMm: number,
  modules: number,
  code: string,
  fonts: StampFonts,
): StampLayout {
  const symbolSize = sizeMm * POINTS_PER_MM;
  const moduleSize = symbolSize / modules;
  const quietZone = QR_QUIET_ZONE_MODULES * moduleSize;
  const width = symbolSize + 2 * quietZone;
  const widestLine = Math.max(
    fonts.bold.widthOfTextAtSize(CAPTION, 1),
    fonts.regular.widthOfTextAtSize(code, 1),
  );
  const captionSize = Math.min(
    clamp(symbolSize * CAPTION_SIZE_RATIO, CAPTION_MIN_SIZE, CAPTION_MAX_SIZE),
    (width - 2 * quietZone) / widestLine,
  );
  // The caption sits below the bottom quiet zone, never in it: text there would hinder scanning.
  const height = width + 2 * captionSize * LINE_HEIGHT + captionSize * 0.5;
  return { moduleSize, quietZone, symbol: symbolSize, width, height, captionSize };
}

export function drawQrStamp(page: PDFPage, stamp: QrStamp, fonts: StampFonts): StampBox {
  const { size, runs } = stamp.matrix;
  const layout = layOutStamp(stamp.placement.size_mm, size, stamp.code, fonts);
  const viewed = viewedPage(page);
  const box = placeStamp(viewed, layout, stamp.placement);
  const symbolLeft = box.left + layout.quietZone;
  const symbolTop = box.bottom + box.height - layout.quietZone;

  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...viewed.toPage));
  page.drawRectangle({
    x: box.left,
    y: box.bottom,
    width: box.width,
    height: box.height,
    color: rgb(1, 1, 1),
    borderColor: BORDER_COLOR,
    borderWidth: BORDER_WIDTH,
  });
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    ...runs.map(([row, column, length]) =>
      rectangle(
        symbolLeft + column * layout.moduleSize,
        symbolTop - (row + 1) * layout.moduleSize,
        length * layout.moduleSize,
        layout.moduleSize,
      ),
    ),
    fill(),
    popGraphicsState(),
  );
  const lineHeight = layout.captionSize * LINE_HEIGHT;
  const baselineOffset = (lineHeight - CAP_HEIGHT * layout.captionSize) / 2;
  const captionTop = box.bottom + box.height - layout.width;
  const lines: Array<[string, PDFFont]> = [
    [CAPTION, fonts.bold],
    [stamp.code, fonts.regular],
  ];
  lines.forEach(([text, font], index) => {
    page.drawText(text, {
      x: box.left + (box.width - font.widthOfTextAtSize(text, layout.captionSize)) / 2,
      y: captionTop - (index + 1) * lineHeight + baselineOffset,
      size: layout.captionSize,
      font,
      color: CAPTION_COLOR,
    });
  });
  page.pushOperators(popGraphicsState());
  return box;
}
