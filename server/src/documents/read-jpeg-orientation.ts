// The EXIF orientation of a JPEG (1-8; 1 when absent): phones store photos as the sensor saw them and record how
// to turn them, and a PDF shows the stored pixels, so the page must apply the turn itself.

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const ORIENTATION_TAG = 0x0112;
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;
const APP1 = 0xe1;

export type JpegOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

function readTiffOrientation(tiff: Buffer): JpegOrientation {
  if (tiff.length < 8) return 1;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const read16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const read32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (read16(2) !== 42) return 1;
  const directory = read32(4);
  if (directory + 2 > tiff.length) return 1;
  const entries = read16(directory);
  for (let index = 0; index < entries; index += 1) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (read16(entry) === ORIENTATION_TAG) {
      const value = read16(entry + 8);
      return value >= 1 && value <= 8 ? (value as JpegOrientation) : 1;
    }
  }
  return 1;
}

export function readJpegOrientation(jpeg: Buffer): JpegOrientation {
  let offset = 2; // after the SOI marker
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) return 1;
    const marker = jpeg[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    if (marker === START_OF_SCAN || marker === END_OF_IMAGE) return 1;
    const length = jpeg.readUInt16BE(offset + 2);
    const segment = jpeg.subarray(offset + 4, offset + 2 + length);
    if (marker === APP1 && segment.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)) {
      return readTiffOrientation(segment.subarray(EXIF_HEADER.length));
    }
    offset += 2 + length;
  }
  return 1;
}
