// The design step's only door to pdf.js: the first page of the design PDF, its size and a drawing of it. Loaded on
// demand (pdf.js is large), with its worker emitted by webpack from the URL below.
import type { PDFDocumentProxy } from 'pdfjs-dist';

export interface DesignPage {
  /** The page's size in PDF points (1/72 inch), rotation applied. */
  widthPt: number;
  heightPt: number;
  /** Draws the page into `canvas` at `cssWidth` CSS pixels wide (sharp on dense screens). */
  render(canvas: HTMLCanvasElement, cssWidth: number): { promise: Promise<void>; cancel(): void };
  destroy(): void;
}

type PdfJs = typeof import('pdfjs-dist');

let pdfJs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= import('pdfjs-dist').then((module) => {
    module.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString();
    return module;
  });
  return pdfJs;
}

/** Why the design could not be opened, in the words the server uses for a document. */
export class DesignOpenError extends Error {
  override name = 'DesignOpenError';
}

export async function openDesignPage(file: Blob): Promise<DesignPage> {
  const pdfjs = await loadPdfJs();
  let document: PDFDocumentProxy;
  try {
    document = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'PasswordException') {
      throw new DesignOpenError('The PDF is password-protected; upload an unprotected copy');
    }
    throw new DesignOpenError('The file is not a valid PDF');
  }
  const page = await document.getPage(1);
  const unscaled = page.getViewport({ scale: 1 });
  return {
    widthPt: unscaled.width,
    heightPt: unscaled.height,
    render(canvas, cssWidth) {
      const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: (cssWidth / unscaled.width) * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const task = page.render({ canvas, viewport });
      return { promise: task.promise, cancel: () => task.cancel() };
    },
    destroy() {
      void document.destroy();
    },
  };
}
