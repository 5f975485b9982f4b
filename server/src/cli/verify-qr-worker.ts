// Runs in a worker thread for `npm run verify` (verify-command.ts): finds the QR codes in a PDF or an image. A
// thread of its own because a heavy or hostile file can keep a decoder busy for long: the command ends the thread
// at its time limit instead of hanging. pdfjs-dist ships only as ES modules, which load here, not in jest.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

import type { DocumentContentType } from '@common/uploads';

import { readJpegSize, readPngSize } from '../documents/read-image-size';

import type { ReaderOptions } from 'zxing-wasm/reader';

export interface QrReadJob {
  bytes: Uint8Array;
  contentType: DocumentContentType;
  /** Pages of a PDF searched, from the first. */
  maxPages: number;
  /** The most pixels a rendered page or a decoded image may have. */
  maxPixels: number;
}

export type QrReadOutcome =
  | {
      ok: true;
      /** Each distinct QR code's text, in the order found. */
      texts: string[];
      /** A PDF's pages, and how many of them were searched (both 1 for an image). */
      pageCount: number;
      pagesSearched: number;
    }
  | { ok: false; message: string };

const require = createRequire(__filename);
// Renders at up to 3 px a point (216 dpi): a sealed code at its 34 mm minimum gets ~4.5 px a module.
const MAX_RENDER_SCALE = 3;
const READ_OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 8,
};

async function loadReader() {
  const zxing = await import('zxing-wasm/reader');
  // Its default fetches the WASM from a CDN; the installed copy works offline and is the version we tested.
  const wasm = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await zxing.prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    },
    fireImmediately: true,
  });
  return zxing.readBarcodes;
}

type ReadBarcodes = Awaited<ReturnType<typeof loadReader>>;

function imageTooLarge(maxPixels: number): string {
  return `The image is larger than ${Math.round(maxPixels / 1e6)} megapixels; crop it around the QR code.`;
}

async function readImage(job: QrReadJob, readBarcodes: ReadBarcodes): Promise<QrReadOutcome> {
  const buffer = Buffer.from(job.bytes);
  const size = job.contentType === 'image/png' ? readPngSize(buffer) : readJpegSize(buffer);
  if (!size)
    return { ok: false, message: 'The image is damaged: its headers do not hold together.' };
  if (size.width * size.height > job.maxPixels)
    return { ok: false, message: imageTooLarge(job.maxPixels) };
  const results = await readBarcodes(new Blob([buffer]), READ_OPTIONS);
  return { ok: true, texts: results.map((result) => result.text), pageCount: 1, pagesSearched: 1 };
}

async function readPdf(job: QrReadJob, readBarcodes: ReadBarcodes): Promise<QrReadOutcome> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdfjs draws with its own copy of @napi-rs/canvas; a canvas from another copy rejects its Path2D objects.
  const { createCanvas } = createRequire(require.resolve('pdfjs-dist/package.json'))(
    '@napi-rs/canvas',
  ) as typeof import('@napi-rs/canvas');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: job.bytes, verbosity: 0, isEvalSupported: false })
      .promise;
  } catch (error) {
    const isLocked = (error as Error).name === 'PasswordException';
    return {
      ok: false,
      message: isLocked
        ? 'The PDF is password-protected; open it with its password and save a copy without one.'
        : `The PDF cannot be read: ${(error as Error).message}`,
    };
  }
  const texts: string[] = [];
  const pagesSearched = Math.min(doc.numPages, job.maxPages);
  for (let number = 1; number <= pagesSearched; number += 1) {
    const page = await doc.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const scale = Math.min(MAX_RENDER_SCALE, Math.sqrt(job.maxPixels / (width * height)));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // Paper is white; a transparent page would read as black to the decoder.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context as never, canvas: canvas as never, viewport })
      .promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas types its pixels over ArrayBufferLike; they are a plain ArrayBuffer, as the DOM's ImageData.
    const results = await readBarcodes(image as ImageData, READ_OPTIONS);
    texts.push(...results.map((result) => result.text));
    page.cleanup();
  }
  const pageCount = doc.numPages;
  await doc.destroy();
  return { ok: true, texts, pageCount, pagesSearched };
}

async function readQrCodes(job: QrReadJob): Promise<QrReadOutcome> {
  const readBarcodes = await loadReader();
  const outcome =
    job.contentType === 'application/pdf'
      ? await readPdf(job, readBarcodes)
      : await readImage(job, readBarcodes);
  return outcome.ok ? { ...outcome, texts: [...new Set(outcome.texts)] } : outcome;
}

readQrCodes(workerData as QrReadJob).then(
  (outcome) => parentPort?.postMessage(outcome),
  (error: Error) => parentPort?.postMessage({ ok: false, message: error.message }),
);
