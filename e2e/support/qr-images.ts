// QR codes as a camera or a photo would show them, made in the spec from the text they encode (the qrcode
// package picks byte and numeric segments itself, as the stamp does).
import QRCode from 'qrcode';

export function qrPng(text: string, width = 600): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'Q', width, margin: 4 });
}

/**
 * A one-frame Y4M video of the code for Chromium's fake camera (--use-file-for-fake-video-capture), which loops it:
 * the header, then one FRAME of 4:2:0 planes — luma (black modules on white) and neutral chroma.
 */
export function qrY4m(text: string, width = 640, height = 480): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const quietZone = 4;
  const scale = Math.floor(Math.min(width, height) / (modules.size + 2 * quietZone));
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + row * scale + y) * width + left + column * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc(Math.ceil(width / 2) * Math.ceil(height / 2), 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  return Buffer.concat([Buffer.from(header, 'ascii'), luma, chroma, chroma]);
}
