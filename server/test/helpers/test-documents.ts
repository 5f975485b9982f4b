// Documents to upload in tests, made on the spot: PDFs with pdf-lib, images with @napi-rs/canvas.
import { constants, deflateRawSync } from 'node:zlib';

import { createCanvas } from '@napi-rs/canvas';
import { degrees, PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';

export interface TestPage {
  /** [width, height] in points; A4 portrait by default. */
  size?: [number, number];
  /** The page's /Rotate. */
  rotate?: 0 | 90 | 180 | 270;
  /** A crop box inside the media box: [x, y, width, height]. */
  cropBox?: [number, number, number, number];
}

const A4: [number, number] = [595.28, 841.89];

/** A PDF whose pages each say 'Page N' in large type. */
export async function makePdf(pages: TestPage[] = [{}]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((spec, index) => {
    const page = doc.addPage(spec.size ?? A4);
    page.drawText(`Page ${index + 1}`, { x: 72, y: page.getHeight() / 2, size: 36, font });
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    if (spec.cropBox) page.setCropBox(...spec.cropBox);
  });
  return Buffer.from(await doc.save());
}

/**
 * A PDF that says it is encrypted (the Standard security handler's dictionary in its trailer), as any
 * password-protected PDF does; the content itself is left readable, which no check depends on.
 */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage(A4);
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFHexString.of('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a'),
    U: PDFHexString.of('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a'),
    P: -44,
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([
    PDFHexString.of('00112233445566778899aabbccddeeff'),
    PDFHexString.of('00112233445566778899aabbccddeeff'),
  ]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

type Colour = [number, number, number];

/** An image with the top half one colour and the bottom half another, to check which way up it ends. */
function twoToneCanvas(width: number, height: number, top: Colour, bottom: Colour) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = `rgb(${top.join(',')})`;
  context.fillRect(0, 0, width, Math.ceil(height / 2));
  context.fillStyle = `rgb(${bottom.join(',')})`;
  context.fillRect(0, Math.ceil(height / 2), width, height - Math.ceil(height / 2));
  return canvas;
}

export const RED: Colour = [220, 30, 30];
export const BLUE: Colour = [30, 30, 220];

export function makePng(width = 800, height = 600, top = RED, bottom = BLUE): Buffer {
  return twoToneCanvas(width, height, top, bottom).encodeSync('png');
}

/** A JPEG, optionally with an EXIF orientation tag (what phones write instead of turning the pixels). */
export function makeJpeg(
  width = 800,
  height = 600,
  options: { orientation?: number; top?: Colour; bottom?: Colour } = {},
): Buffer {
  const jpeg = twoToneCanvas(width, height, options.top ?? RED, options.bottom ?? BLUE).encodeSync(
    'jpeg',
    90,
  );
  return options.orientation ? withExifOrientation(jpeg, options.orientation) : jpeg;
}

function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  // A big-endian TIFF header with one IFD entry: Orientation (0x0112), SHORT, count 1.
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A colour is "near" another when every channel is within the tolerance (JPEG and anti-aliasing blur them). */
export function isNear(actual: Colour, expected: Colour, tolerance = 40): boolean {
  return actual.every((channel, index) => Math.abs(channel - expected[index]) <= tolerance);
}

const MEBIBYTE = 1024 * 1024;

/**
 * zlib data of `size` zero bytes (a whole number of MiB) made without ever holding them: one MiB deflated once,
 * ending on a full flush so it needs nothing before it, repeated, then an empty final block and the checksum.
 */
function deflatedZeros(size: number): Buffer {
  const mebibyte = deflateRawSync(Buffer.alloc(MEBIBYTE), { finishFlush: constants.Z_FULL_FLUSH });
  const checksum = Buffer.alloc(4);
  // Adler-32 of n zero bytes: the byte sum stays 1, the running sum is n (both modulo 65521).
  checksum.writeUInt32BE((size % 65521) * 65536 + 1);
  return Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array.from({ length: size / MEBIBYTE }, () => mebibyte),
    deflateRawSync(Buffer.alloc(0)),
    checksum,
  ]);
}

/** A one-page PDF written by hand, each object at the offset its cross-reference table names. */
function writePdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    `startxref\n${length}\n%%EOF\n`,
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/**
 * A valid one-page PDF with an object stream whose contents inflate to `inflatedBytes` (a whole number of MiB):
 * at 1,800 MiB, the 1.75 MB file that took the server to 3.3 GB. `filter` names the stream's compression.
 */
export function makeObjectStreamBomb(inflatedBytes: number, filter = '/FlateDecode'): Buffer {
  const data = deflatedZeros(inflatedBytes);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /ObjStm /N 1 /First 4 /Filter ${filter} /Length ${data.length} >>\nstream\n`,
      ),
      data,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/**
 * A 10 × 10 PNG declaring width × height, with a chunk before its header whose data sits where the header's
 * would: what slipped past a check that read fixed byte offsets.
 */
export function makePngHidingItsHeader(width: number, height: number): Buffer {
  const png = Buffer.from(makePng(10, 10));
  const headerEnd = 8 + 25;
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const decoy = Buffer.concat([
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('tEXt', 'latin1'),
    Buffer.from([0, 0, 0, 1, 0, 0, 0, 1]),
    Buffer.alloc(4),
  ]);
  return Buffer.concat([
    png.subarray(0, 8),
    decoy,
    png.subarray(8, headerEnd),
    png.subarray(headerEnd),
  ]);
}

/** A 10 × 10 JPEG (a few hundred bytes) whose frame header declares width × height. */
export function makeJpegDeclaring(width: number, height: number): Buffer {
  const jpeg = Buffer.from(makeJpeg(10, 10));
  let offset = 2;
  while (jpeg[offset + 1] < 0xc0 || jpeg[offset + 1] > 0xc3) {
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  jpeg.writeUInt16BE(height, offset + 5);
  jpeg.writeUInt16BE(width, offset + 7);
  return jpeg;
}
