// The document classes securing is measured on: a one-page PDF, a 20-page text PDF and a 20-page scan.
import { randomInt } from 'node:crypto';

import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

import { makePdf } from '../../server/test/helpers/test-documents';

const A4: [number, number] = [595.28, 841.89];
const TEXT_LINES_PER_PAGE = 45;
const LINE = 'The holder has completed the course of study and passed the examinations required. ';
// A page scanned at 150 dpi.
const SCAN_SIZE: [number, number] = [1240, 1754];
const SCAN_JPEG_QUALITY = 75;

/** Pages full of text, as a contract or a transcript. */
async function makeTextPdf(pageCount: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let index = 0; index < pageCount; index += 1) {
    const page = doc.addPage(A4);
    for (let line = 0; line < TEXT_LINES_PER_PAGE; line += 1) {
      page.drawText(`${index + 1}.${line + 1} ${LINE}`, {
        x: 50,
        y: 790 - line * 16,
        size: 10,
        font,
      });
    }
  }
  return Buffer.from(await doc.save());
}

/** A scanned page: lines of dark marks on a slightly noisy paper tone, so it compresses like a real scan. */
function makeScanJpeg(): Buffer {
  const [width, height] = SCAN_SIZE;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  for (let offset = 0; offset < pixels.data.length; offset += 4) {
    const tone = 235 + randomInt(20);
    pixels.data.set([tone, tone, tone - 5, 255], offset);
  }
  context.putImageData(pixels, 0, 0);
  context.fillStyle = 'rgb(40,40,40)';
  for (let y = 150; y < height - 150; y += 36) {
    for (let x = 120; x < width - 120; x += 14 + randomInt(10)) context.fillRect(x, y, 9, 14);
  }
  return context.canvas.encodeSync('jpeg', SCAN_JPEG_QUALITY);
}

async function makeScannedPdf(pageCount: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pageCount; index += 1) {
    const image = await doc.embedJpg(makeScanJpeg());
    doc.addPage(A4).drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
  }
  return Buffer.from(await doc.save());
}

export interface BenchDocument {
  label: string;
  pdf: Buffer;
}

export async function makeBenchDocuments(): Promise<BenchDocument[]> {
  return [
    { label: '1-page PDF', pdf: await makePdf() },
    { label: '20-page text PDF', pdf: await makeTextPdf(20) },
    { label: '20-page scanned PDF', pdf: await makeScannedPdf(20) },
  ];
}
