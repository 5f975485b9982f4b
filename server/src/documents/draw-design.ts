// Draws a design row: the row's texts on a copy of the design PDF, where the layout put them. Runs in the securing
// pool's workers, which then secure the result like any document.
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';

import type { BulkFont, DesignLayout } from '@common/bulk';

import { AppError } from '../lib/app-error';

/** The text drawn on a design, in page coordinates chosen by the layout (see common/bulk.ts DesignField). */
export interface DrawnText {
  /** The layout's field it draws: a standard field or a column. */
  field: string;
  /** Counted from 1. */
  page: number;
  x: number;
  y: number;
  text: string;
  font: DesignLayout['fields'][number]['font'];
  size: number;
  color: string;
  align: DesignLayout['fields'][number]['align'];
}

const FONTS: Record<BulkFont, StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  'Helvetica-Bold': StandardFonts.HelveticaBold,
  'Times-Roman': StandardFonts.TimesRoman,
  'Times-Bold': StandardFonts.TimesRomanBold,
  Courier: StandardFonts.Courier,
  'Courier-Bold': StandardFonts.CourierBold,
};

function colorOf(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/** The design with the texts drawn on it: a document to save as the original and stamp, loaded once. */
export async function drawDesign(design: Buffer, texts: DrawnText[]): Promise<PDFDocument> {
  const doc = await PDFDocument.load(design, { updateMetadata: false });
  const fonts = new Map<BulkFont, PDFFont>();
  const pages = doc.getPages();
  for (const text of texts) {
    const page = pages[text.page - 1];
    if (!page) {
      throw new AppError({
        statusCode: 400,
        code: 'validation_failed',
        message: `The design has no page ${text.page} to draw ${text.field} on.`,
      });
    }
    let font = fonts.get(text.font);
    if (!font) {
      font = await doc.embedFont(FONTS[text.font]);
      fonts.set(text.font, font);
    }
    // Fractions of the visible page (the crop box), from its top-left corner; y is the baseline.
    const box = page.getCropBox();
    const width = font.widthOfTextAtSize(text.text, text.size);
    const left = box.x + text.x * box.width;
    const x =
      text.align === 'left' ? left : text.align === 'center' ? left - width / 2 : left - width;
    const y = box.y + box.height - text.y * box.height;
    page.drawText(text.text, { x, y, size: text.size, font, color: colorOf(text.color) });
  }
  return doc;
}
