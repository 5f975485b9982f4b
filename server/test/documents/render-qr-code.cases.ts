import { loadImage, createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';

import { renderQrCode } from '../../src/documents/render-qr-code';

const URL = 'https://verify.example.com/v/abcdefghijkmnpqr';

async function decode(image: Buffer): Promise<string | undefined> {
  const picture = await loadImage(image);
  const width = Math.max(picture.width, 512);
  const height = Math.max(picture.height, 512);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(picture, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  return jsQR(new Uint8ClampedArray(pixels.data.buffer), width, height)?.data;
}

test('the PNG is a large, readable QR code of the verification URL', async () => {
  const png = renderQrCode({ url: URL, seal: null }, 'png');

  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.readUInt32BE(16)).toBeGreaterThan(900);
  expect(png.readUInt32BE(16)).toBeLessThanOrEqual(1024);
  expect(await decode(png)).toBe(URL);
});

test('the SVG is a readable QR code of the verification URL that scales to any size', async () => {
  const svg = renderQrCode({ url: URL, seal: null }, 'svg');

  expect(svg.toString()).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
  expect(await decode(svg)).toBe(URL);
});
