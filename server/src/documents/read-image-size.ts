// An image's width and height as the decoder will see them, read from its headers before anything is decoded: a
// small file can declare an image of billions of pixels. Every chunk or marker is walked (a check of fixed byte
// offsets is fooled by a chunk placed before the header), and a file whose headers do not hold together is null.

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE_LENGTH = 8;
const PNG_CHUNK_OVERHEAD = 12; // length, type, CRC

/** The PNG's size from its IHDR, which the format requires first and once; null for a malformed file. */
export function readPngSize(png: Buffer): ImageSize | null {
  let offset = PNG_SIGNATURE_LENGTH;
  let size: ImageSize | null = null;
  while (offset + PNG_CHUNK_OVERHEAD <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (offset + PNG_CHUNK_OVERHEAD + length > png.length) return null;
    if (type === 'IHDR') {
      // Not first, or twice: decoders disagree on which one counts, so neither is trusted.
      if (size || offset !== PNG_SIGNATURE_LENGTH || length < 8) return null;
      size = { width: png.readUInt32BE(offset + 8), height: png.readUInt32BE(offset + 12) };
    } else if (!size) {
      return null;
    }
    if (type === 'IEND') return size;
    offset += PNG_CHUNK_OVERHEAD + length;
  }
  return size;
}

// Start-of-frame markers carry the frame's size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic
// conditioning) share the range but are not frames.
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
}

const START_OF_SCAN = 0xda;

/** The JPEG's largest declared frame (a file may declare several); null for a malformed file. */
export function readJpegSize(jpeg: Buffer): ImageSize | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let offset = 2;
  let size: ImageSize | null = null;
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) return null;
    const marker = jpeg[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = jpeg.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > jpeg.length) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7) return null;
      const frame = { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
      if (!size || frame.width * frame.height > size.width * size.height) size = frame;
    }
    // The entropy-coded data after the scan header has no lengths to walk; the frames come before it.
    if (marker === START_OF_SCAN) return size;
    offset += 2 + length;
  }
  return size;
}
