// Turns an uploaded PNG or JPEG into a one-page PDF to stamp: an A4 page (landscape for a wide image) with the
// image fitted inside a 10 mm margin, centred, and upright whatever EXIF orientation the photo carries.
import {
  concatTransformationMatrix,
  drawObject,
  PageSizes,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  type PDFImage,
} from 'pdf-lib';

import { POINTS_PER_MM } from '@common/qr-geometry';

import { documentErrors } from './document-errors';
import { readJpegSize, readPngSize } from './read-image-size';
import { readJpegOrientation, type JpegOrientation } from './read-jpeg-orientation';

const MARGIN_MM = 10;
// PNGs are decoded in memory to embed them, and JPEGs are decoded by every viewer of the secured PDF; a small file
// can declare a huge image, so its size is read from its headers and checked first.
export const MAX_IMAGE_PIXELS = 50_000_000;

type ImageType = 'image/png' | 'image/jpeg';

// How each EXIF orientation maps the stored image's unit square (u right, v up) onto the upright one:
// X = a·u + c·v + e, Y = b·u + d·v + f.
const ORIENTATION_MATRICES: Record<
  JpegOrientation,
  [number, number, number, number, number, number]
> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0], // mirrored
  3: [-1, 0, 0, -1, 1, 1], // upside down
  4: [1, 0, 0, -1, 0, 1], // mirrored upside down
  5: [0, -1, -1, 0, 1, 1], // transposed
  6: [0, -1, 1, 0, 0, 1], // turned a quarter anticlockwise when stored
  7: [0, 1, 1, 0, 0, 0], // transversed
  8: [0, 1, -1, 0, 1, 0], // turned a quarter clockwise when stored
};

async function embedImage(doc: PDFDocument, bytes: Buffer, type: ImageType): Promise<PDFImage> {
  const name = type === 'image/png' ? 'PNG' : 'JPEG';
  const size = type === 'image/png' ? readPngSize(bytes) : readJpegSize(bytes);
  if (!size) throw documentErrors.invalidImage(name);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw documentErrors.imageTooLarge(MAX_IMAGE_PIXELS);
  }
  // A copy with its own buffer: pdf-lib reads JPEG headers through `bytes.buffer` from offset 0, which is wrong
  // for a Buffer that is a slice of Node's shared pool.
  const ownBytes = new Uint8Array(bytes);
  try {
    return type === 'image/png' ? await doc.embedPng(ownBytes) : await doc.embedJpg(ownBytes);
  } catch (error) {
    throw documentErrors.invalidImage(name, error);
  }
}

export async function imageToPdf(bytes: Buffer, type: ImageType): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const image = await embedImage(doc, bytes, type);
  const orientation = type === 'image/jpeg' ? readJpegOrientation(bytes) : 1;
  const isTurned = orientation >= 5;
  const shownWidth = isTurned ? image.height : image.width;
  const shownHeight = isTurned ? image.width : image.height;

  const [a4Width, a4Height] = PageSizes.A4;
  const [pageWidth, pageHeight] =
    shownWidth > shownHeight ? [a4Height, a4Width] : [a4Width, a4Height];
  const margin = MARGIN_MM * POINTS_PER_MM;
  const scale = Math.min(
    (pageWidth - 2 * margin) / shownWidth,
    (pageHeight - 2 * margin) / shownHeight,
  );
  const width = shownWidth * scale;
  const height = shownHeight * scale;
  const left = (pageWidth - width) / 2;
  const bottom = (pageHeight - height) / 2;

  const page = doc.addPage([pageWidth, pageHeight]);
  const [a, b, c, d, e, f] = ORIENTATION_MATRICES[orientation];
  const imageName = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(
      width * a,
      height * b,
      width * c,
      height * d,
      left + width * e,
      bottom + height * f,
    ),
    drawObject(imageName),
    popGraphicsState(),
  );
  return doc;
}
