// A PDF opened for drawing its pages on screen: the previews see this small interface, not pdf.js.
import { loadPdfJs } from './load-pdfjs';

import type { PDFDocumentProxy } from 'pdfjs-dist';

export interface PdfDocument {
  pageCount: number;
  /** The page's size in PDF points (1/72 inch), rotation applied. */
  pageSize(pageNumber: number): Promise<{ widthPt: number; heightPt: number }>;
  /**
   * Draws the page into `canvas` at `cssWidth` CSS pixels wide (sharp on dense screens). Cancel
   * before drawing into the same canvas again: pdf.js refuses two renders at once.
   */
  renderPage(pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): RenderTask;
  destroy(): void;
}

export interface RenderTask {
  promise: Promise<void>;
  cancel(): void;
}

/** Why a file could not be opened, in the same words the server uses. */
export class PdfOpenError extends Error {
  override name = 'PdfOpenError';
}

function wrap(document: PDFDocumentProxy): PdfDocument {
  return {
    pageCount: document.numPages,
    async pageSize(pageNumber) {
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      return { widthPt: viewport.width, heightPt: viewport.height };
    },
    renderPage(pageNumber, canvas, cssWidth) {
      let isCancelled = false;
      let cancelRender = () => undefined as void;
      const draw = async () => {
        const page = await document.getPage(pageNumber);
        if (isCancelled) return;
        const unscaled = page.getViewport({ scale: 1 });
        const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (cssWidth / unscaled.width) * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const task = page.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        await task.promise;
      };
      return {
        promise: draw(),
        cancel() {
          isCancelled = true;
          cancelRender();
        },
      };
    },
    destroy() {
      void document.destroy();
    },
  };
}

export async function openPdf(file: Blob): Promise<PdfDocument> {
  const pdfjs = await loadPdfJs();
  try {
    const data = new Uint8Array(await file.arrayBuffer());
    return wrap(await pdfjs.getDocument({ data }).promise);
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') {
      throw new PdfOpenError('The PDF is password-protected; upload an unprotected copy');
    }
    throw new PdfOpenError('The file is not a valid PDF');
  }
}
