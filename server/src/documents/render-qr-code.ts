// The QR code of a verification's URL as a PNG or SVG download: the same code as the stamped one (its stored seal
// included), with its quiet zone. Encoded here rather than by the qrcode package's renderers: its PNG path filters every line in
// JavaScript and takes hundreds of milliseconds for a print-size image.
import { deflateSync } from 'node:zlib';

import {
  createQrMatrix,
  QR_QUIET_ZONE_MODULES,
  type QrContent,
  type QrMatrix,
} from './create-qr-matrix';

export type QrImageFormat = 'png' | 'svg';

// Large enough to print crisply at several centimetres; the SVG scales to any size.
const PNG_TARGET_WIDTH_PX = 1024;

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit greyscale PNG, each module a square of whole pixels. */
function encodePng(matrix: QrMatrix): Buffer {
  const modules = matrix.size + 2 * QR_QUIET_ZONE_MODULES;
  const scale = Math.max(1, Math.floor(PNG_TARGET_WIDTH_PX / modules));
  const width = modules * scale;
  const row = Buffer.alloc(1 + width); // filter byte 0 (none), then the pixels
  const rows: Buffer[] = [];
  for (let y = 0; y < modules; y += 1) {
    row.fill(0xff, 1);
    const matrixRow = y - QR_QUIET_ZONE_MODULES;
    for (let x = 0; x < matrix.size; x += 1) {
      if (matrixRow >= 0 && matrixRow < matrix.size && matrix.isDark(matrixRow, x)) {
        const start = 1 + (x + QR_QUIET_ZONE_MODULES) * scale;
        row.fill(0x00, start, start + scale);
      }
    }
    for (let repeat = 0; repeat < scale; repeat += 1) rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function encodeSvg(matrix: QrMatrix): Buffer {
  const side = matrix.size + 2 * QR_QUIET_ZONE_MODULES;
  const path = matrix.runs
    .map(
      ([row, column, length]) =>
        `M${column + QR_QUIET_ZONE_MODULES} ${row + QR_QUIET_ZONE_MODULES}h${length}v1h-${length}z`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
      `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>\n`,
    'utf8',
  );
}

export function renderQrCode(content: QrContent, format: QrImageFormat): Buffer {
  const matrix = createQrMatrix(content);
  return format === 'svg' ? encodeSvg(matrix) : encodePng(matrix);
}
