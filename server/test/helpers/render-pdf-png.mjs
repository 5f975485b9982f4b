// Run as its own process by the seal tests (pdfjs-dist ships only as ES modules): renders the first page of each
// PDF named in the JSON argument to a PNG file beside it, at `scale` pixels a point, as a viewer would show it.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pdfjs = await import(require.resolve('pdfjs-dist/legacy/build/pdf.mjs'));
// pdfjs draws with its own copy of @napi-rs/canvas; a canvas from another copy rejects its Path2D objects.
const { createCanvas } = createRequire(require.resolve('pdfjs-dist/package.json'))(
  '@napi-rs/canvas',
);

const { files, scale = 3 } = JSON.parse(process.argv[2]);
for (const { pdf, png } of files) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(pdf)), verbosity: 0 })
    .promise;
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  await writeFile(png, await canvas.encode('png'));
  await doc.destroy();
}
