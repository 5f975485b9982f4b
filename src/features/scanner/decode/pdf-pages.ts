// The pages of a PDF as canvases for the QR decoder, drawn by pdf.js.
import { loadPdfJs } from '@/lib/pdf/load-pdfjs';

// Enough pixels for a QR code printed at its smallest (34 mm, modules of 0.55 mm) to have ~4 pixels a module.
const RENDER_SCALE = 3;
/** A QR code sits on the first pages; a long PDF is not drawn whole. */
const MAX_PAGES = 10;

export async function* pdfPageCanvases(file: Blob): AsyncGenerator<HTMLCanvasElement> {
  const pdfjs = await loadPdfJs();
  const document = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) })
    .promise;
  try {
    for (
      let pageNumber = 1;
      pageNumber <= Math.min(document.numPages, MAX_PAGES);
      pageNumber += 1
    ) {
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale: RENDER_SCALE });
      const canvas = window.document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      yield canvas;
    }
  } finally {
    void document.destroy();
  }
}
