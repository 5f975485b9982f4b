// Run as its own process by pdf-pages.ts: pdfjs-dist ships only as ES modules, which Jest's CommonJS loader
// cannot import. Renders every page of each PDF named in the JSON argument like a viewer would (rotation and
// crop box applied), decodes the QR code on it with jsQR, samples colours, and prints what it found as JSON.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pdfjs = await import(require.resolve('pdfjs-dist/legacy/build/pdf.mjs'));
// pdfjs draws with its own copy of @napi-rs/canvas; a canvas from another copy rejects its Path2D objects.
const { createCanvas } = createRequire(require.resolve('pdfjs-dist/package.json'))(
  '@napi-rs/canvas',
);
const jsQR = require('jsqr');

const { files, scale = 2 } = JSON.parse(process.argv[2]);

function colourAt(image, x, y) {
  const column = Math.min(image.width - 1, Math.max(0, Math.round(x * image.width)));
  const row = Math.min(image.height - 1, Math.max(0, Math.round(y * image.height)));
  const index = (row * image.width + column) * 4;
  return [image.data[index], image.data[index + 1], image.data[index + 2]];
}

async function draw(page, drawScale) {
  const viewport = page.getViewport({ scale: drawScale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const found = jsQR(new Uint8ClampedArray(image.data.buffer), image.width, image.height, {
    inversionAttempts: 'dontInvert',
  });
  return { viewport, image, found };
}

async function renderPage(doc, number, samples) {
  const page = await doc.getPage(number);
  let { viewport, image, found } = await draw(page, scale);
  // A long sealed URL makes a dense code: at 2 px per point its modules are ~2 px wide and jsQR misses some
  // codes a phone reads. Like a phone moving closer, look again at twice the detail before saying there is none.
  if (!found) ({ viewport, image, found } = await draw(page, scale * 2));
  const corners = found
    ? [
        found.location.topLeftCorner,
        found.location.topRightCorner,
        found.location.bottomLeftCorner,
        found.location.bottomRightCorner,
      ]
    : [];
  return {
    width: viewport.width / viewport.scale,
    height: viewport.height / viewport.scale,
    qr: found && {
      data: found.data,
      // The code's bounds (finder pattern centres) as fractions of the page, from the top-left.
      left: Math.min(...corners.map((corner) => corner.x)) / image.width,
      right: Math.max(...corners.map((corner) => corner.x)) / image.width,
      top: Math.min(...corners.map((corner) => corner.y)) / image.height,
      bottom: Math.max(...corners.map((corner) => corner.y)) / image.height,
    },
    colours: samples.map(([x, y]) => colourAt(image, x, y)),
  };
}

const results = [];
for (const { path, samples = [] } of files) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 })
    .promise;
  const pages = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    pages.push(await renderPage(doc, number, samples));
  }
  await doc.destroy();
  results.push({ pages });
}
process.stdout.write(JSON.stringify(results));
